import HTTPServer

extension Request {
    /// A body needs a JSON media type; a request without a body needs none. Compared on the bytes (this runs on every
    /// press): the media type up to `;`, ASCII case-insensitively, spaces around it ignored.
    func requireJSONBody(alsoAccepting extra: String? = nil) throws(Problem) {
        guard !body.isEmpty else { return }
        guard let contentType = headers[.contentType] else {
            throw Problem(.unsupportedMediaType, "a request body needs Content-Type: application/json")
        }
        if Self.mediaType(of: contentType, is: "application/json") || (extra.map { Self.mediaType(of: contentType, is: $0) } ?? false) {
            return
        }
        var mediaType = Substring(contentType)
        if let semicolon = mediaType.firstIndex(of: ";") { mediaType = mediaType[..<semicolon] }
        throw Problem(
            .unsupportedMediaType, "Content-Type \"\(mediaType.trimmingSpaces().lowercased().prefix(64))\" is not supported; send application/json")
    }

    /// Whether the media type of a Content-Type value (before any `;`, spaces and tabs around it ignored) is
    /// `lowercase`, compared ASCII case-insensitively on the contiguous bytes.
    private static func mediaType(of value: String, is lowercase: String) -> Bool {
        // The value as clients send it, compared whole first.
        if value == lowercase { return true }
        var mediaType = value.utf8.prefix { $0 != UInt8(ascii: ";") }
        while let first = mediaType.first, first == 0x20 || first == 0x09 { mediaType.removeFirst() }
        while let last = mediaType.last, last == 0x20 || last == 0x09 { mediaType.removeLast() }
        return mediaType.elementsEqual(lowercase.utf8) { byte, expected in
            (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == expected
        }
    }
}
