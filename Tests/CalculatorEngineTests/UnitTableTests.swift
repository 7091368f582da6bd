import Testing

@testable import CalculatorEngine

/// Every unit's factor against the tables it comes from, transcribed here as printed, apart from the unit table's
/// own definitions: NIST SP 811 (2008) Appendix B.9 (`exact` for its bold entries, otherwise the value rounded to the
/// 7 significant digits printed), the SI Brochure (9th edition) for prefixes and the units it defines, and the
/// texts named in `UnitTable` for the stone, the UK gallon's parts and the binary prefixes.
@Suite struct UnitTableTests {
    enum Printed {
        /// The factor is exactly this decimal.
        case exact(String)
        /// The factor rounds to this, at its significant digits.
        case rounded(String)
        /// This rational times π.
        case timesPi(String)
    }

    /// The factor of each unit to its category's base unit.
    static let table: [String: Printed] = [
        // length (SP 811 B.9: inch, foot, yard, mile (international), nautical mile, micron)
        "m": .exact("1"), "nm": .exact("1e-9"), "um": .exact("1e-6"), "mm": .exact("1e-3"), "cm": .exact("1e-2"),
        "km": .exact("1e3"), "in": .exact("2.54e-2"), "ft": .exact("3.048e-1"), "yd": .exact("9.144e-1"),
        "mi": .exact("1.609344e3"), "nmi": .exact("1.852e3"),
        // area (SP 811 B.9: square inch, square foot, square yard, hectare, square mile; the acre as 43 560 ft²)
        "m2": .exact("1"), "mm2": .exact("1e-6"), "cm2": .exact("1e-4"), "ha": .exact("1e4"), "km2": .exact("1e6"),
        "in2": .exact("6.4516e-4"), "ft2": .exact("9.290304e-2"), "yd2": .rounded("8.361274e-1"),
        "ac": .exact("4046.8564224"), "mi2": .rounded("2.589988e6"),
        // volume (SP 811 B.9: cubic inch, foot, yard; gallon, quart, pint, cup, fluid ounce, tablespoon, teaspoon
        // (U.S.); gallon (U.K.), ounce (U.K. fluid); litre)
        "m3": .exact("1"), "cm3": .exact("1e-6"), "L": .exact("1e-3"), "mL": .exact("1e-6"),
        "in3": .rounded("1.638706e-5"), "ft3": .rounded("2.831685e-2"), "yd3": .rounded("7.645549e-1"),
        "gal": .rounded("3.785412e-3"), "qt": .rounded("9.463529e-4"), "pt": .rounded("4.731765e-4"),
        "cup": .rounded("2.365882e-4"), "floz": .rounded("2.957353e-5"), "tbsp": .rounded("1.478676e-5"),
        "tsp": .rounded("4.928922e-6"), "gal_imp": .exact("4.54609e-3"), "qt_imp": .exact("1.1365225e-3"),
        "pt_imp": .exact("5.6826125e-4"), "floz_imp": .rounded("2.841306e-5"),
        // (Windows' converter: tablespoon (UK) 17.7581640625 mL, teaspoon (UK) 1420653125/240000000 mL)
        "tbsp_imp": .exact("1.77581640625e-5"), "tsp_imp": .exact("1.420653125e3/2.4e8"),
        // mass (SP 811 B.9: pound, ounce (avoirdupois), ton (short, long, metric), carat (metric); the stone 14 lb)
        "kg": .exact("1"), "g": .exact("1e-3"), "mg": .exact("1e-6"), "cg": .exact("1e-5"), "dg": .exact("1e-4"),
        "dag": .exact("1e-2"), "hg": .exact("1e-1"), "t": .exact("1e3"), "ct": .exact("2e-4"),
        "lb": .exact("4.5359237e-1"), "oz": .rounded("2.834952e-2"), "st": .exact("6.35029318"),
        "ton_short": .rounded("9.071847e2"), "ton_long": .rounded("1.016047e3"),
        // temperature: factors (the offsets are checked below)
        "K": .exact("1"), "degC": .exact("1"),
        // energy (SP 811 B.9: calorie, kilocalorie (thermochemical), Btu_IT, foot pound-force; the electronvolt of
        // the SI Brochure, 9th edition, exact since 2019)
        "J": .exact("1"), "kJ": .exact("1e3"), "eV": .exact("1.602176634e-19"), "cal": .exact("4.184"),
        "kcal": .exact("4.184e3"), "ft_lbf": .rounded("1.355818"), "Btu": .rounded("1.055056e3"),
        // (SP 811 B.9: kilowatt hour)
        "kWh": .exact("3.6e6"),
        // speed (SP 811 B.9: foot per second, mile per hour, kilometer per hour, knot)
        "m/s": .exact("1"), "cm/s": .exact("1e-2"), "km/h": .rounded("2.777778e-1"), "ft/s": .exact("3.048e-1"),
        "mph": .exact("4.4704e-1"), "kn": .rounded("5.144444e-1"),
        // (Windows' converter: Mach 34030 cm/s)
        "Mach": .exact("340.3"),
        // time (SP 811 B.9: minute, hour, day, year (365 days); the week of 7 days)
        "s": .exact("1"), "us": .exact("1e-6"), "ms": .exact("1e-3"), "min": .exact("6e1"), "h": .exact("3.6e3"),
        "d": .exact("8.64e4"), "wk": .exact("6.048e5"), "yr": .exact("3.1536e7"),
        // power (SP 811 B.9: horsepower (550 ft·lbf/s), foot pound-force per minute; Btu_IT per minute as Btu_IT/60 s)
        "W": .exact("1"), "kW": .exact("1e3"), "hp": .rounded("7.456999e2"), "ft_lbf/min": .rounded("2.259697e-2"),
        "Btu/min": .exact("1055.05585262/60"),
        // pressure (SP 811 B.9: standard atmosphere, bar, millimeter of mercury (conventional), psi)
        "Pa": .exact("1"), "kPa": .exact("1e3"), "bar": .exact("1e5"), "atm": .exact("1.01325e5"),
        "mmHg": .rounded("1.333224e2"), "psi": .rounded("6.894757e3"),
        // angle (SP 811 B.9: degree 1.745 329 E−02 rad, gon 1.570 796 E−02 rad, as fractions of π)
        "rad": .exact("1"), "deg": .timesPi("1/180"), "grad": .timesPi("1/200"),
    ]

    /// Data: a bit, a nibble of 4, a byte of 8, the SI's decimal prefixes and IEC 80000-13's binary ones.
    static func dataTable() -> [String: Printed] {
        var rows: [String: Printed] = ["bit": .exact("1"), "nibble": .exact("4"), "B": .exact("8")]
        for (power, (decimal, binary)) in [("k", "K"), ("M", "M"), ("G", "G"), ("T", "T"), ("P", "P"), ("E", "E"), ("Z", "Z"), ("Y", "Y")].enumerated() {
            var kibi = "1"
            for _ in 0...power { kibi += "*1024" }
            let exponent = 3 * (power + 1)
            rows["\(decimal)bit"] = .exact("1e\(exponent)")
            rows["\(decimal)B"] = .exact("8e\(exponent)")
            rows["\(binary)ibit"] = .exact(kibi)
            rows["\(binary)iB"] = .exact(kibi + "*8")
        }
        return rows
    }

    @Test func everyUnitHasARowAndEveryRowAUnit() {
        let rows = Self.table.merging(Self.dataTable()) { first, _ in first }
        let units = Set(UnitCatalog.all.map(\.id))
        #expect(units.subtracting(rows.keys).sorted() == [ "degF" ], "units without a row")
        #expect(Set(rows.keys).subtracting(units).isEmpty, "rows without a unit")
        #expect(UnitCatalog.all.count == units.count, "an id twice")
    }

    @Test func everyFactorAgreesWithTheTable() throws {
        let rows = Self.table.merging(Self.dataTable()) { first, _ in first }
        for unit in UnitCatalog.all {
            guard let row = rows[unit.id] else { continue }
            switch row {
            case .exact(let text):
                let printed = try #require(ExactProduct(text))
                #expect(unit.piPower == 0 && unit.scale == printed.rational, "\(unit.id): \(unit.factorText) is not \(text)")
            case .rounded(let text):
                let printed = try #require(ExactProduct(text)).rational
                let significant = text.split(separator: "e")[0].filter(\.isNumber).count
                #expect(unit.piPower == 0)
                #expect(
                    DisplayFormatter(digits: significant).string(unit.scale) == DisplayFormatter(digits: significant).string(printed),
                    "\(unit.id): \(DisplayFormatter(digits: 16).string(unit.scale)) does not round to \(text)")
            case .timesPi(let text):
                #expect(unit.piPower == 1 && unit.scale == ExactProduct(text)!.rational, "\(unit.id)")
            }
        }
    }

    /// t/°C = T/K − 273.15 and t/°F = (t/°C)·1.8 + 32 (SP 811 B.9, temperature); the affine units' offsets in kelvins.
    @Test func temperaturesAreAffine() throws {
        let celsius = try #require(UnitCatalog.unit(named: "°C"))
        let fahrenheit = try #require(UnitCatalog.unit(named: "degF"))
        #expect(celsius.offset == ExactProduct("273.15")!.rational)
        #expect(fahrenheit.scale == ExactProduct("5/9")!.rational)
        // 0 °F is (0 − 32)/1.8 °C, that is 273.15 − 160/9 K.
        let zeroFahrenheit = Number.field(.subtract, ExactProduct("273.15")!.rational, ExactProduct("160/9")!.rational)
        #expect(fahrenheit.offset == zeroFahrenheit)
    }
}

/// The settings every press copies stay as small as before the units and formats (24 bytes).
@Suite struct SettingsSizeTests {
    @Test func settingsStayTwentyFourBytes() {
        #expect(MemoryLayout<Settings>.size <= 24)
        #expect(MemoryLayout<UnitConversion?>.size == 3)
        #expect(MemoryLayout<DisplayFormat>.size == 5)
    }
}
