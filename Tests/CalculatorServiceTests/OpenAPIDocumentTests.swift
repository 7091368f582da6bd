import CalculatorEngine
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import CalculatorService

/// openapi.yaml lists every key name by hand; this keeps it in step with the engine's catalog.
@Suite struct OpenAPIDocumentTests {
    static func document() throws -> String {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        return try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
    }

    /// The line that starts with `member` in the schema `schema` of `components/schemas`.
    static func line(_ member: String, ofSchema schema: String) throws -> Substring {
        let lines = try document().split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == "    \(schema):" })
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("    ") && !$0.hasPrefix("     ") } ?? lines.endIndex
        return try #require(lines[start..<end].first { $0.hasPrefix("      \(member): ") }).dropFirst("      \(member): ".count)
    }

    /// The scalars of a flow sequence of single-quoted YAML scalars, where '' stands for one quote.
    static func quotedScalars(_ flow: Substring) -> [String] {
        var listed: [String] = []
        var current: String? = nil
        var chars = flow.makeIterator()
        while let char = chars.next() {
            if var text = current {
                if char == "'" {
                    if let next = chars.next(), next == "'" { text.append("'"); current = text; continue }
                    listed.append(text)
                    current = nil
                } else {
                    text.append(char)
                    current = text
                }
            } else if char == "'" {
                current = ""
            }
        }
        return listed
    }

    /// The alternatives of a single-quoted pattern `'^(?:a|b|\+)$'`, unescaped; `prefix` is the part before them.
    static func alternatives(_ pattern: Substring, after prefix: String) throws -> [String] {
        let body = try #require(quotedScalars(pattern).first)
        #expect(body.hasPrefix(prefix))
        var alternatives: [String] = []
        var current = ""
        var chars = body.dropFirst(prefix.count).makeIterator()
        while let char = chars.next() {
            switch char {
            case "\\": if let escaped = chars.next() { current.append(escaped) }
            case "|": alternatives.append(current); current = ""
            case ")": alternatives.append(current); return alternatives
            default: current.append(char)
            }
        }
        return alternatives
    }

    /// Canonical names only: aliases that differ from a name in case or one symbol (`Rad`, `m−`) would give client
    /// generators clashing identifiers. The keys of programmer mode only have their own enumeration, where `E` (the
    /// hex digit) does not meet `e` (the constant).
    @Test func keyNameEnumIsExactlyTheCatalogsNamesInKeypadOrder() throws {
        let listed = Self.quotedScalars(try Self.line("enum", ofSchema: "KeyName"))
        #expect(listed == KeyCatalog.all.filter { $0.works(in: .scientific) }.map(\.name))
        let programmer = Self.quotedScalars(try Self.line("enum", ofSchema: "ProgrammerKeyName"))
        #expect(programmer == KeyCatalog.all.filter { !$0.works(in: .scientific) && $0.works(in: .programmer) }.map(\.name))
        let rpn = Self.quotedScalars(try Self.line("enum", ofSchema: "RPNKeyName"))
        #expect(rpn == KeyCatalog.all.filter { !$0.works(in: .scientific) && $0.works(in: .rpn) }.map(\.name))
        let statistics = Self.quotedScalars(try Self.line("enum", ofSchema: "StatisticsKeyName"))
        #expect(statistics == KeyCatalog.all.filter { $0.modes.map(\.mode) == [.statistics] }.map(\.name))
        #expect(listed.count + programmer.count + rpn.count + statistics.count == KeyCatalog.all.count)
        for names in [listed, programmer, rpn, statistics] {
            #expect(Set(names.map { $0.lowercased() }).count == names.count, "names that differ only in case")
        }
    }

    /// Generated code names each key by its `x-enum-varnames` entry (`M_PLUS`, `DIGIT_7`): the catalog's code names,
    /// in the enumeration's order, each an identifier, none twice in an enumeration.
    @Test func keyEnumVarnamesAreTheCatalogsCodeNames() throws {
        let schemas: [(String, (KeyInfo) -> Bool)] = [
            ("KeyName", { $0.works(in: .scientific) }), ("ProgrammerKeyName", { !$0.works(in: .scientific) && $0.works(in: .programmer) }),
            ("RPNKeyName", { !$0.works(in: .scientific) && $0.works(in: .rpn) }),
            ("StatisticsKeyName", { $0.modes.map(\.mode) == [.statistics] }),
        ]
        for (schema, isListed) in schemas {
            let listed = Self.quotedScalars(try Self.line("x-enum-varnames", ofSchema: schema))
            #expect(listed == KeyCatalog.all.filter(isListed).map(\.codeName), "\(schema)")
            #expect(Set(listed).count == listed.count, "\(schema): a code name twice")
            for name in listed {
                #expect(name.first?.isLetter == true && name.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }, "\(name)")
            }
        }
    }

    @Test func keyAliasPatternIsExactlyTheCatalogsAliases() throws {
        let listed = try Self.alternatives(try Self.line("pattern", ofSchema: "KeyAlias"), after: "^(?:")
        #expect(listed.count == Set(listed).count, "duplicates in the pattern")
        #expect(Set(listed) == Set(KeyCatalog.all.flatMap(\.aliases)))
    }

    /// A batch as one string accepts every name and alias, and numbers as typed (`-12.5`, `1e5`; unescaped here).
    @Test func keySequencePatternNamesEveryKey() throws {
        let listed = try Self.alternatives(try Self.line("pattern", ofSchema: "KeySequence"), after: #"^\s*(?:"#)
        let numbers = ["-?[0-9]*.?[0-9]+[eE][+-]?[0-9]+", "-?[0-9]*.?[0-9]+"]
        #expect(Set(listed) == Set(KeyCatalog.all.flatMap { [$0.name] + $0.aliases } + numbers))
    }

    /// The Problem schema's `type` enumerates exactly the URIs the server sends, one per kind, and `about:blank`, which
    /// HTTPServer answers itself (`Response.problem`: a target with a NUL byte, a write cut short by a stop), so that a
    /// client whose enums are closed (openapi-python-client's `literal_enums`) reads those answers too.
    @Test func problemTypesAreEveryKind() throws {
        let lines = try Self.document().split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == "    Problem:" })
        let type = try #require(lines[start...].firstIndex { $0 == "        type:" })
        let enumLine = try #require(lines[type...].firstIndex { $0 == "          enum:" })
        let listed = lines[(enumLine + 1)...].prefix { $0.hasPrefix("            - ") }.map { String($0.dropFirst("            - ".count)) }
        #expect(listed == Problem.Kind.allCases.map { "https://calculator.invalid/problems/\($0.rawValue)" } + ["about:blank"])
    }

    /// In a flow mapping (`{type: string, description: …}`) a comma ends a plain scalar, so an unquoted description
    /// with a comma is cut there and the rest of its sentence becomes a key of its own: generated docstrings end
    /// mid-sentence. Every plain description in a flow mapping ends at the mapping's `}` or before another key.
    @Test func noFlowMappingDescriptionIsCutByAComma() throws {
        var cut: [String] = []
        for line in try Self.document().split(separator: "\n") where line.contains("{") {
            var rest = Substring(line)
            while let found = rest.range(of: "description: ") {
                rest = rest[found.upperBound...]
                guard let first = rest.first, first != "'", first != "\"", first != "{", first != "[" else { continue }
                guard let end = rest.firstIndex(where: { $0 == "," || $0 == "}" }), rest[end] == "," else { continue }
                // A comma that ends the description is followed by the mapping's next key (`name:`).
                let next = rest[rest.index(after: end)...].drop { $0 == " " }
                let key = next.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "$" }
                if key.isEmpty || !next.dropFirst(key.count).hasPrefix(": ") { cut.append(String(line)) }
            }
        }
        #expect(cut.isEmpty, "descriptions cut short: \(cut)")
    }

    /// The document's paths, each with its operations' methods in upper case, in the document's order.
    static func paths() throws -> [(path: String, methods: [String])] {
        var paths: [(path: String, methods: [String])] = []
        var inPaths = false
        for line in try document().split(separator: "\n") {
            if !line.hasPrefix(" ") { inPaths = line == "paths:" }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                paths.append((String(line.dropFirst(2).dropLast()), []))
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), let method = line.dropFirst(4).split(separator: ":").first,
                ["get", "put", "post", "patch", "delete", "head", "options"].contains(method), !paths.isEmpty
            {
                paths[paths.count - 1].methods.append(method.uppercased())
            }
        }
        return paths
    }

    /// The document's paths are `Route`'s patterns, and each path's operations the methods the router has for it.
    @Test func theDocumentsPathsAreTheRouteTable() throws {
        let documented = try Self.paths()
        #expect(documented.map(\.path).sorted() == Route.allCases.map(\.rawValue).sorted())
        let router = try InProcessClient(store: .memory).service.http.router
        for (path, methods) in documented {
            #expect(methods.sorted() == router.methods(of: path).sorted(), "\(path)")
        }
    }
}
