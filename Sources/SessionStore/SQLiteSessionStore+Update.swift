extension SQLiteSessionStore {
    /// The update on the committer thread, inside a batch.
    ///
    /// Starts from the session as this store last wrote or read it (`RecentValues`: no SELECT, no decode) and reads
    /// the row itself when that is not enough: nothing is remembered, the remembered write turns out stale (its UPDATE
    /// changes nothing), or the check refuses or keeps, whose answer must come from the row as it is stored now.
    @inlinable
    func updateRow<Update: SessionUpdate<Value>>(
        _ id: SessionID, _ update: Update, now: Double, _ connection: SQLiteConnection
    ) throws -> Committed<Update.Output> {
        var remembered = recent.take(id, liveAfter: now)
        while true {
            let fromMemory = remembered != nil
            let stored: StoredWrite
            var value: Value
            if let (write, taken) = remembered.take() {
                (stored, value) = (write, taken)
            } else {
                guard let row = try Self.fetch(id, connection), row.expiresAt > now else { throw SessionStoreError.notFound }
                (stored, value) = (row, try decode(row, of: id))
            }
            let verdict: Check<Update.Output>
            do {
                verdict = try update.check(value, version: stored.version)
            } catch where fromMemory {
                recent.wrote(value, as: stored, for: id)  // unchanged: put back
                continue
            }
            switch verdict {
            case .keep where fromMemory:
                recent.wrote(value, as: stored, for: id)
                continue
            case .keep(let output):
                if stored.expiresAt < now + ttl - refreshSlack {
                    try connection.run("UPDATE sessions SET expires_at = ? WHERE id = ?", [.real(now + ttl), .id(id)])
                    recent.moved(id, version: stored.version, expiresAt: now + ttl, inBatch: true)
                }
                return Committed(version: stored.version, output: output)
            case .change:
                let output = update.change(&value, version: stored.version)
                let state: [UInt8]
                do {
                    state = try codec.encode(value)
                } catch {
                    throw SessionStoreError.corrupt("cannot encode a session: \(error)")
                }
                let version = Int64(bitPattern: stored.version)
                // Leaving expires_at alone when it would barely move spares a write to the expiry index: one page
                // less in the WAL per press.
                let movesExpiry = stored.expiresAt < now + ttl - refreshSlack
                let changed =
                    movesExpiry
                    ? try connection.run(
                        "UPDATE sessions SET state = ?, version = version + 1, expires_at = ? WHERE id = ? AND version = ? AND state = ?",
                        [.blob(state), .real(now + ttl), .id(id), .integer(version), .blob(stored.bytes)])
                    : try connection.run(
                        "UPDATE sessions SET state = ?, version = version + 1 WHERE id = ? AND version = ? AND state = ?",
                        [.blob(state), .id(id), .integer(version), .blob(stored.bytes)])
                guard changed == 1 else {
                    recent.forget(id)
                    if fromMemory { continue }
                    throw SessionStoreError.unavailable("sqlite: the session changed during its own transaction")
                }
                let written = StoredWrite(bytes: state, version: stored.version + 1, expiresAt: movesExpiry ? now + ttl : stored.expiresAt)
                recent.wrote(value, as: written, for: id, inBatch: true)
                return Committed(version: written.version, output: output)
            }
        }
    }
}
