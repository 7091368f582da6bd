/// gzip (RFC 1952) for the web assets, compressed once at start-up: one deflate block (RFC 1951) of fixed Huffman
/// codes over LZ77 matches found through hash chains. Dynamic Huffman tables would save a little more; this module
/// links no zlib for a few kilobytes compressed once.
enum Gzip {
    static func compress(_ input: [UInt8]) -> [UInt8] {
        var output = BitWriter()
        // ID1 ID2, deflate, no flags, no modification time, no extra flags, Unix.
        output.bytes = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        output.write(1, count: 1)  // the final block
        output.write(1, count: 2)  // of fixed Huffman codes
        deflate(input, into: &output)
        output.writeLiteralOrLength(256)  // end of block
        output.flush()
        var bytes = output.bytes
        for value in [crc32(input), UInt32(truncatingIfNeeded: input.count)] {
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
        }
        return bytes
    }

    private static let window = 32_768
    private static let minimumMatch = 3
    private static let maximumMatch = 258
    /// Candidates tried per position: longer chains find slightly longer matches for much more time.
    private static let chainLimit = 128

    private static func deflate(_ input: [UInt8], into output: inout BitWriter) {
        let hashSize = 1 << 15
        var head = [Int](repeating: -1, count: hashSize)
        var previous = [Int](repeating: -1, count: input.count)
        func hash(_ position: Int) -> Int {
            (Int(input[position]) << 10 ^ Int(input[position + 1]) << 5 ^ Int(input[position + 2])) & (hashSize - 1)
        }
        func insert(_ position: Int) {
            guard position + minimumMatch <= input.count else { return }
            let key = hash(position)
            previous[position] = head[key]
            head[key] = position
        }
        var position = 0
        while position < input.count {
            var bestLength = 0
            var bestDistance = 0
            if position + minimumMatch <= input.count {
                var candidate = head[hash(position)]
                var tries = 0
                let longest = min(maximumMatch, input.count - position)
                while candidate >= 0, position - candidate <= window, tries < chainLimit {
                    var length = 0
                    while length < longest, input[candidate + length] == input[position + length] { length += 1 }
                    if length > bestLength {
                        bestLength = length
                        bestDistance = position - candidate
                        if length == longest { break }
                    }
                    candidate = previous[candidate]
                    tries += 1
                }
            }
            if bestLength >= minimumMatch {
                output.writeMatch(length: bestLength, distance: bestDistance)
                for covered in position..<(position + bestLength) { insert(covered) }
                position += bestLength
            } else {
                output.writeLiteralOrLength(Int(input[position]))
                insert(position)
                position += 1
            }
        }
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    /// Deflate's bit order: values least significant bit first, Huffman codes most significant bit first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var pending: UInt32 = 0
        private var pendingCount: UInt32 = 0

        mutating func write(_ value: Int, count: Int) {
            pending |= UInt32(value) << pendingCount
            pendingCount += UInt32(count)
            while pendingCount >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: pending))
                pending >>= 8
                pendingCount -= 8
            }
        }

        mutating func flush() {
            if pendingCount > 0 { bytes.append(UInt8(truncatingIfNeeded: pending)) }
            pending = 0
            pendingCount = 0
        }

        private mutating func writeCode(_ code: Int, length: Int) {
            var reversed = 0
            for bit in 0..<length { reversed |= (code >> bit & 1) << (length - 1 - bit) }
            write(reversed, count: length)
        }

        /// The fixed literal/length code (RFC 1951, 3.2.6).
        mutating func writeLiteralOrLength(_ symbol: Int) {
            switch symbol {
            case 0...143: writeCode(0x30 + symbol, length: 8)
            case 144...255: writeCode(0x190 + symbol - 144, length: 9)
            case 256...279: writeCode(symbol - 256, length: 7)
            default: writeCode(0xC0 + symbol - 280, length: 8)
            }
        }

        private static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        private static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        private static let distanceBases = [
            1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
            8193, 12289, 16385, 24577,
        ]
        private static let distanceExtraBits = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

        mutating func writeMatch(length: Int, distance: Int) {
            let lengthIndex = Self.lengthBases.lastIndex { $0 <= length }!
            writeLiteralOrLength(257 + lengthIndex)
            write(length - Self.lengthBases[lengthIndex], count: Self.lengthExtraBits[lengthIndex])
            let distanceIndex = Self.distanceBases.lastIndex { $0 <= distance }!
            writeCode(distanceIndex, length: 5)
            write(distance - Self.distanceBases[distanceIndex], count: Self.distanceExtraBits[distanceIndex])
        }
    }
}
