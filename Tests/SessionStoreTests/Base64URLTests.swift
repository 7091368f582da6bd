import Foundation
@testable import SessionStore
import Testing

/// Session ids are base64url without padding (RFC 4648 §5): Foundation's base64 with the URL alphabet, unpadded.
@Suite struct Base64URLTests {
    @Test func matchesFoundationsBase64WithTheURLAlphabet() {
        var generator = SystemRandomNumberGenerator()
        for count in 0...48 {
            let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let expected = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(SessionID.base64URL(bytes.span) == expected)
        }
    }

    @Test func everyDigitValueMapsToItsLetter() {
        // Three bytes per four digits: 0x00 0x10 0x83 is 000000 000001 000010 000011, and so on through 63.
        var bytes: [UInt8] = []
        for first in stride(from: 0, to: 64, by: 4) {
            let chunk = UInt32(first) << 18 | UInt32(first + 1) << 12 | UInt32(first + 2) << 6 | UInt32(first + 3)
            bytes += [UInt8(chunk >> 16), UInt8(truncatingIfNeeded: chunk >> 8), UInt8(truncatingIfNeeded: chunk)]
        }
        let expected = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        #expect(SessionID.base64URL(bytes.span) == expected)
    }
}
