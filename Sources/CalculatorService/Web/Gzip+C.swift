internal import CZlib

/// gzip (RFC 1952) through zlib, for the web assets, compressed once at start-up at zlib's best level.
enum Gzip {
    static func compress(_ input: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard czlib_deflate_init_gzip(&stream, Z_BEST_COMPRESSION) == Z_OK else { fatalError("zlib could not start a deflate stream") }
        defer { deflateEnd(&stream) }
        // deflateBound is what one call with Z_FINISH needs at most, with the gzip header and trailer.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
        let result = input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { fatalError("zlib's deflate ended with \(result) in a buffer of deflateBound's size") }
        output.removeLast(output.count - Int(stream.total_out))
        return output
    }
}
