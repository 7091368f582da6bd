import CalculatorEngine
import Foundation
import Testing

/// openapi.yaml lists every key name by hand; this keeps it in step with the engine's catalog.
@Suite struct OpenAPIDocumentTests {
    static func document() throws -> String {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        return try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
    }

    @Test func keyNameEnumIsExactlyTheCatalogsNamesAndAliases() throws {
        let lines = try Self.document().split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == "    KeyName:" })
        let enumLine = try #require(lines[start...].first { $0.hasPrefix("      enum: [") })
        // Single-quoted YAML scalars: '' stands for one quote.
        var listed: [String] = []
        var current: String? = nil
        var chars = enumLine.dropFirst("      enum: [".count).makeIterator()
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
        let catalog = KeyCatalog.all.flatMap { [$0.name] + $0.aliases }
        #expect(listed.count == Set(listed).count, "duplicates in the enum")
        #expect(Set(listed) == Set(catalog))
    }

    @Test func everyPathTheServiceRoutesIsDocumented() throws {
        let document = try Self.document()
        for path in ["/sessions:", "/sessions/{id}:", "/sessions/{id}/press:", "/sessions/{id}/display:", "/sessions/{id}/history:", "/keys:", "/openapi.yaml:", "/healthz:", "/readyz:", "/:", "/web/{file}:", "/metrics:"] {
            #expect(document.contains("\n  \(path)\n"), "\(path) is missing")
        }
    }
}
