/// The units of the converter, as data: each line defines a unit by an exact multiple of a unit above it, down to
/// its category's SI base unit. The definitions are those of NIST Special Publication 811 (2008 edition,
/// "Guide for the Use of the International System of Units", Appendix B.8 and B.9, its exact entries and the
/// definitions its rounded entries are computed from) and of the SI Brochure (9th edition, 2019: the prefixes of its
/// Table 7, the litre, tonne, hectare, electronvolt and the non-SI units accepted for use with the SI, Table 8), with
/// three kinds of unit neither has, each from the text that defines it: the stone (14 lb, the UK Weights and
/// Measures Act 1985, Schedule 1), the UK pint, quart and fluid ounce (1/8, 1/4 and 1/160 of the UK gallon, the
/// same Schedule), and the binary prefixes of data (IEC 80000-13:2008); and two that Windows' converter lists, from
/// its definitions: the UK tablespoon (5/8 UK fluid ounce) and teaspoon (1/3 of it), and Mach as 340.3 m/s. The acre
/// and the square mile are the international ones (the survey foot's ended in 2023, NIST's Federal Register notice
/// 85 FR 62698).
/// `UnitTableTests` checks every unit's factor against those tables, kept in the test as printed.
enum UnitTable {
    /// id, name, symbol, definition: `[product ]unit[^power][ + offset]`, or nil for a category's base.
    struct Line {
        let id: String
        let name: String
        let symbol: String
        let category: UnitCategory
        let definition: String?
    }

    static let lines: [Line] =
        length + area + volume + mass + temperature + energy + speed + time + power + data + pressure + angle

    /// Other spellings of a unit's symbol, as people type them: `l` and `ml` (the SI Brochure's Table 8 allows both
    /// l and L for the litre), and each `µ` (U+00B5, the micro sign) also as the Greek letter mu (U+03BC), which
    /// keyboards give and which Unicode folds the micro sign to (NFKC).
    static let alternativeSymbols: [(spelling: String, id: String)] =
        [("l", "L"), ("ml", "mL")] + [("μm", "um"), ("μs", "us")]

    private static func lines(_ category: UnitCategory, _ rows: [(String, String, String, String?)]) -> [Line] {
        rows.map { Line(id: $0.0, name: $0.1, symbol: $0.2, category: category, definition: $0.3) }
    }

    static let length = lines(.length, [
        ("m", "metre", "m", nil),
        ("nm", "nanometre", "nm", "1e-9 m"),
        ("um", "micrometre", "µm", "1e-6 m"),
        ("mm", "millimetre", "mm", "1e-3 m"),
        ("cm", "centimetre", "cm", "1e-2 m"),
        ("km", "kilometre", "km", "1e3 m"),
        ("in", "inch", "in", "0.0254 m"),
        ("ft", "foot", "ft", "12 in"),
        ("yd", "yard", "yd", "3 ft"),
        ("mi", "mile", "mi", "1760 yd"),
        ("nmi", "nautical mile", "nmi", "1852 m"),
    ])

    static let area = lines(.area, [
        ("m2", "square metre", "m²", nil),
        ("mm2", "square millimetre", "mm²", "mm^2"),
        ("cm2", "square centimetre", "cm²", "cm^2"),
        ("ha", "hectare", "ha", "1e4 m2"),
        ("km2", "square kilometre", "km²", "km^2"),
        ("in2", "square inch", "in²", "in^2"),
        ("ft2", "square foot", "ft²", "ft^2"),
        ("yd2", "square yard", "yd²", "yd^2"),
        ("ac", "acre", "ac", "4840 yd2"),
        ("mi2", "square mile", "mi²", "mi^2"),
    ])

    static let volume = lines(.volume, [
        ("m3", "cubic metre", "m³", nil),
        ("cm3", "cubic centimetre", "cm³", "cm^3"),
        ("L", "litre", "L", "1e-3 m3"),
        ("mL", "millilitre", "mL", "1e-3 L"),
        ("in3", "cubic inch", "in³", "in^3"),
        ("ft3", "cubic foot", "ft³", "ft^3"),
        ("yd3", "cubic yard", "yd³", "yd^3"),
        ("gal", "gallon (US)", "gal", "231 in3"),
        ("qt", "quart (US liquid)", "qt", "1/4 gal"),
        ("pt", "pint (US liquid)", "pt", "1/8 gal"),
        ("cup", "cup (US)", "cup", "1/16 gal"),
        ("floz", "fluid ounce (US)", "fl oz", "1/128 gal"),
        ("tbsp", "tablespoon (US)", "tbsp", "1/2 floz"),
        ("tsp", "teaspoon (US)", "tsp", "1/6 floz"),
        ("gal_imp", "gallon (UK)", "gal (UK)", "4.54609 L"),
        ("qt_imp", "quart (UK)", "qt (UK)", "1/4 gal_imp"),
        ("pt_imp", "pint (UK)", "pt (UK)", "1/8 gal_imp"),
        ("floz_imp", "fluid ounce (UK)", "fl oz (UK)", "1/160 gal_imp"),
        ("tbsp_imp", "tablespoon (UK)", "tbsp (UK)", "5/8 floz_imp"),
        ("tsp_imp", "teaspoon (UK)", "tsp (UK)", "1/3 tbsp_imp"),
    ])

    static let mass = lines(.mass, [
        ("kg", "kilogram", "kg", nil),
        ("g", "gram", "g", "1e-3 kg"),
        ("mg", "milligram", "mg", "1e-3 g"),
        ("cg", "centigram", "cg", "1e-2 g"),
        ("dg", "decigram", "dg", "1e-1 g"),
        ("dag", "decagram", "dag", "1e1 g"),
        ("hg", "hectogram", "hg", "1e2 g"),
        ("t", "tonne", "t", "1e3 kg"),
        ("ct", "carat (metric)", "ct", "0.2 g"),
        ("lb", "pound", "lb", "0.45359237 kg"),
        ("oz", "ounce", "oz", "1/16 lb"),
        ("st", "stone", "st", "14 lb"),
        ("ton_short", "short ton (US)", "ton (US)", "2000 lb"),
        ("ton_long", "long ton (UK)", "ton (UK)", "2240 lb"),
    ])

    static let temperature = lines(.temperature, [
        ("K", "kelvin", "K", nil),
        ("degC", "degree Celsius", "°C", "K + 273.15"),
        ("degF", "degree Fahrenheit", "°F", "5/9 K + 45967/180"),
    ])

    static let energy = lines(.energy, [
        ("J", "joule", "J", nil),
        ("kJ", "kilojoule", "kJ", "1e3 J"),
        ("eV", "electronvolt", "eV", "1.602176634e-19 J"),
        ("cal", "calorie (thermochemical)", "cal", "4.184 J"),
        ("kcal", "food calorie (thermochemical kilocalorie)", "kcal", "1e3 cal"),
        ("ft_lbf", "foot pound-force", "ft·lbf", "0.3048*0.45359237*9.80665 J"),
        ("Btu", "British thermal unit (IT)", "Btu", "1055.05585262 J"),
        ("kWh", "kilowatt-hour", "kWh", "3.6e6 J"),
    ])

    static let speed = lines(.speed, [
        ("m/s", "metre per second", "m/s", nil),
        ("cm/s", "centimetre per second", "cm/s", "1e-2 m/s"),
        ("km/h", "kilometre per hour", "km/h", "1000/3600 m/s"),
        ("ft/s", "foot per second", "ft/s", "0.3048 m/s"),
        ("mph", "mile per hour", "mph", "1609.344/3600 m/s"),
        ("kn", "knot", "kn", "1852/3600 m/s"),
        ("Mach", "Mach (the speed of sound in air at 15 °C, as Windows' converter takes it)", "Mach", "340.3 m/s"),
    ])

    static let time = lines(.time, [
        ("s", "second", "s", nil),
        ("us", "microsecond", "µs", "1e-6 s"),
        ("ms", "millisecond", "ms", "1e-3 s"),
        ("min", "minute", "min", "60 s"),
        ("h", "hour", "h", "60 min"),
        ("d", "day", "d", "24 h"),
        ("wk", "week", "wk", "7 d"),
        ("yr", "year (365 days)", "yr", "365 d"),
    ])

    static let power = lines(.power, [
        ("W", "watt", "W", nil),
        ("kW", "kilowatt", "kW", "1e3 W"),
        ("hp", "horsepower (550 ft·lbf/s)", "hp", "550*0.3048*0.45359237*9.80665 W"),
        ("ft_lbf/min", "foot pound-force per minute", "ft·lbf/min", "0.3048*0.45359237*9.80665/60 W"),
        ("Btu/min", "British thermal unit (IT) per minute", "Btu/min", "1055.05585262/60 W"),
    ])

    /// Bits and bytes with the SI's decimal prefixes and IEC 80000-13's binary ones, as Windows lists them.
    static let data: [Line] = lines(.data, [
        ("bit", "bit", "bit", nil),
        ("nibble", "nibble", "nibble", "4 bit"),
        ("B", "byte", "B", "8 bit"),
    ]) + [("k", "kilo", "K", "kibi", "1e3", "1024"), ("M", "mega", "M", "mebi", "1e6", "1024*1024"),
          ("G", "giga", "G", "gibi", "1e9", "1024*1024*1024"), ("T", "tera", "T", "tebi", "1e12", "1024*1024*1024*1024"),
          ("P", "peta", "P", "pebi", "1e15", "1024*1024*1024*1024*1024"),
          ("E", "exa", "E", "exbi", "1e18", "1024*1024*1024*1024*1024*1024"),
          ("Z", "zetta", "Z", "zebi", "1e21", "1024*1024*1024*1024*1024*1024*1024"),
          ("Y", "yotta", "Y", "yobi", "1e24", "1024*1024*1024*1024*1024*1024*1024*1024")]
        .flatMap { prefix, name, binary, binaryName, decimalFactor, binaryFactor -> [Line] in
            lines(.data, [
                ("\(prefix)bit", "\(name)bit", "\(prefix)bit", "\(decimalFactor) bit"),
                ("\(binary)ibit", "\(binaryName)bit", "\(binary)ibit", "\(binaryFactor) bit"),
                ("\(prefix)B", "\(name)byte", "\(prefix)B", "\(decimalFactor) B"),
                ("\(binary)iB", "\(binaryName)byte", "\(binary)iB", "\(binaryFactor) B"),
            ])
        }

    static let pressure = lines(.pressure, [
        ("Pa", "pascal", "Pa", nil),
        ("kPa", "kilopascal", "kPa", "1e3 Pa"),
        ("bar", "bar", "bar", "1e5 Pa"),
        ("atm", "standard atmosphere", "atm", "101325 Pa"),
        ("mmHg", "millimetre of mercury (conventional)", "mmHg", "13.5951*9.80665 Pa"),
        ("psi", "pound-force per square inch", "psi", "0.45359237*9.80665/0.00064516 Pa"),
    ])

    static let angle = lines(.angle, [
        ("rad", "radian", "rad", nil),
        ("deg", "degree", "°", "pi/180 rad"),
        ("grad", "gradian", "gon", "pi/200 rad"),
    ])
}
