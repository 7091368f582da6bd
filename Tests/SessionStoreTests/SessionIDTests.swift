import SessionStore
import Testing

@Suite struct SessionIDTests {
    @Test(arguments: ["a", "A-z_0", "abcDEF123-_", String(repeating: "x", count: 64)])
    func acceptsValidIDs(_ raw: String) throws {
        let id = try #require(SessionID(raw))
        #expect(id.rawValue == raw)
        #expect(id.description == raw)
    }

    @Test(arguments: ["", String(repeating: "x", count: 65), "a b", "a/b", "a.b", "é", "a+b", "a=", "../x", "a\u{0}"])
    func rejectsInvalidIDs(_ raw: String) {
        #expect(SessionID(raw) == nil)
    }

    /// Ids of up to 24 bytes are kept in words and longer ones as text: across that boundary, an id reads back the
    /// same, whether made from a String or from bytes in the middle of a path, and ids that differ only in length
    /// stay apart.
    @Test func idsOfEveryLengthReadBackAndStayDistinct() throws {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        var seen = Set<SessionID>()
        for length in 1...64 {
            let raw = String((0..<length).map { alphabet[($0 * 7 + length) % alphabet.count] })
            let id = try #require(SessionID(raw))
            #expect(id.rawValue == raw)
            #expect(id.utf8Count == length)
            #expect(id.withUTF8 { bytes in bytes.indices.map { bytes[$0] } } == Array(raw.utf8))
            let path = Array(("/sessions/" + raw + "/press").utf8)
            let parsed = SessionID(utf8: path.span.extracting(10..<(10 + length)))
            let fromPath = try #require(parsed)
            #expect(fromPath == id)
            #expect(fromPath.hashValue == id.hashValue)
            #expect(seen.insert(id).inserted)
            let padded = try #require(SessionID(String(repeating: "a", count: length)))
            if length < 64 {
                #expect(try #require(SessionID(String(repeating: "a", count: length + 1))) != padded)
            }
        }
        let invalid = Array(("/a b/" + String(repeating: "x", count: 65)).utf8)
        let (spaced, tooLong, longest) = (
            SessionID(utf8: invalid.span.extracting(1..<4)), SessionID(utf8: invalid.span.extracting(5...)),
            SessionID(utf8: invalid.span.extracting(5..<69))
        )
        #expect(spaced == nil)
        #expect(tooLong == nil)
        #expect(longest != nil)
    }

    @Test func randomIDsAre22Base64URLCharactersAndDistinct() throws {
        let ids = (0..<10_000).map { _ in SessionID.random() }
        #expect(Set(ids).count == ids.count)
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for id in ids {
            #expect(id.rawValue.count == 22)
            #expect(id.rawValue.allSatisfy(alphabet.contains))
            #expect(SessionID(id.rawValue) == id)
        }
        // 128 random bits: the 22nd character carries only 2 bits, so it is one of A, Q, g, w.
        #expect(Set(ids.map { $0.rawValue.last! }).isSubset(of: ["A", "Q", "g", "w"]))
        // Every position but the last sees many different characters across 10,000 ids.
        for position in 0..<21 {
            let seen = Set(ids.map { Array($0.rawValue)[position] })
            #expect(seen.count > 50, "position \(position) saw only \(seen.count) characters")
        }
    }
}
