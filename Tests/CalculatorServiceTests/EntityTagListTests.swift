@testable import CalculatorService
import Testing

/// One reader of entity tags for If-Match and If-None-Match: they agree on what a list is, and differ only in the
/// comparison (strong for If-Match, weak for If-None-Match).
@Suite struct EntityTagListTests {
    @Test func listsStarsAndWeakTags() throws {
        let list = try #require(EntityTagList(parsing: #" "7" , W/"8",, "a,b" "#))
        #expect(!list.isAny)
        #expect(list.tags.map(\.opaque) == ["7", "8", "a,b"])
        #expect(list.tags.map(\.isWeak) == [false, true, false])
        #expect(EntityTagList(parsing: " * ")?.isAny == true)
    }

    @Test(arguments: ["7", "%227%22", #""7"x"#, #""7" "8""#, #"w/"7""#, "\"7"])
    func unreadableValues(_ value: String) {
        #expect(EntityTagList(parsing: value) == nil)
    }

    @Test func bothPreconditionsReadACommaInsideATagAlike() throws {
        // A comma inside the quotes belongs to the tag: splitting on every comma read `"a` and `b"` instead.
        #expect(IfNoneMatch(#""a,b""#)?.names(#""a,b""#) == true)
        #expect(IfNoneMatch(#""a,b""#)?.names(#""a""#) == false)
        #expect(try IfMatch(parsing: #""a,b", "3""#).admits(3))
    }

    @Test func weakAndStrongComparisons() throws {
        #expect(IfNoneMatch(#"W/"3""#)?.names(#""3""#) == true)
        #expect(try !IfMatch(parsing: #"W/"3""#).admits(3))
        #expect(try IfMatch(parsing: #""3""#).admits(3))
        #expect(try IfMatch(parsing: "*").admits(9))
    }

    /// If-Match that is no list is a 400 (a mismatch would blame the version); If-None-Match that is none is ignored.
    @Test func unreadableHeaders() {
        #expect(throws: Problem.self) { try IfMatch(parsing: "3") }
        #expect(IfNoneMatch("3") == nil)
    }
}
