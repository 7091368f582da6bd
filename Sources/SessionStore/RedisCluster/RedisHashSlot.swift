/// Redis Cluster's hash slots: CRC16 (XMODEM) of a key, or of its hash tag (the bytes between the first `{` and the
/// next `}`, when there are any), modulo 16384. Computed as Redis computes it, so the store knows which node holds a
/// key without asking.
enum RedisHashSlot {
    static var count: Int { StoreShard.slotCount }

    /// The slot of `key`.
    static func of(_ key: some Collection<UInt8>) -> Int {
        var hashed = key[...]
        if let open = key.firstIndex(of: UInt8(ascii: "{")) {
            let afterOpen = key.index(after: open)
            if let close = key[afterOpen...].firstIndex(of: UInt8(ascii: "}")), close != afterOpen {
                hashed = key[afterOpen..<close]
            }
        }
        return Int(crc16(hashed) & 0x3FFF)
    }

    static func crc16(_ bytes: some Sequence<UInt8>) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc = (crc << 8) ^ table[Int(UInt8(truncatingIfNeeded: crc >> 8) ^ byte)]
        }
        return crc
    }

    private static let table: [UInt16] = (0..<256).map { index in
        var crc = UInt16(index) << 8
        for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
        return crc
    }

    /// For each slot, a short hash tag (base-36 digits) whose slot it is: a key that holds one (`{tag}`) lives in
    /// that slot, which lets a set that indexes the sessions of one slot sit in the slot with them.
    static let tags: [[UInt8]] = {
        var tags = [[UInt8]](repeating: [], count: count)
        var missing = count
        var candidate = 0
        let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
        while missing > 0 {
            var tag: [UInt8] = []
            var rest = candidate
            repeat {
                tag.append(digits[rest % 36])
                rest /= 36
            } while rest > 0
            let slot = Int(crc16(tag) & 0x3FFF)
            if tags[slot].isEmpty {
                tags[slot] = tag
                missing -= 1
            }
            candidate += 1
        }
        return tags
    }()
}
