/// One step of the file's schema; `PRAGMA user_version` records how many have run.
enum SQLiteMigration {
    /// Statements that change the schema.
    case schema(String)
    /// Rewrites the rows an earlier build stored in a form the codec no longer reads in the current one.
    case rewriteEarlierForms
}

extension SQLiteSessionStore {
    static var migrations: [SQLiteMigration] {
        [
            .schema(
                """
                CREATE TABLE sessions (
                    id TEXT PRIMARY KEY NOT NULL,
                    state BLOB NOT NULL,
                    version INTEGER NOT NULL,
                    expires_at REAL NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX sessions_by_expiry ON sessions(expires_at);
                """),
            .rewriteEarlierForms,
            // The last version of a deleted or expired session, kept for a TTL, so that a session made again under
            // its id goes on above it (a version never repeats under one id); the creates made once per key
            // (`CreationClaim`), kept for their retention.
            .schema(
                """
                CREATE TABLE ended_sessions (
                    id TEXT PRIMARY KEY NOT NULL,
                    version INTEGER NOT NULL,
                    until REAL NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX ended_sessions_by_until ON ended_sessions(until);
                CREATE TABLE creation_claims (
                    key TEXT PRIMARY KEY NOT NULL,
                    session_id TEXT NOT NULL,
                    version INTEGER NOT NULL,
                    fingerprint TEXT NOT NULL,
                    until REAL NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX creation_claims_by_until ON creation_claims(until);
                """),
        ]
    }

    /// The schema version this build migrates files to.
    public static var latestSchemaVersion: Int { migrations.count }

    /// The schema version recorded in the file (`PRAGMA user_version`), for diagnostics and tests.
    public func schemaVersion() throws -> Int {
        try withReader { try $0.userVersion() }
    }

    /// Runs the migrations this file has not seen yet, each in its own transaction; running it again changes nothing.
    static func migrate(_ connection: SQLiteConnection, codec: SessionCodec<Value>) throws {
        for (index, migration) in migrations.enumerated() {
            try connection.execute("BEGIN IMMEDIATE")
            do {
                let current = try connection.userVersion()
                if current > migrations.count {
                    throw SessionStoreError.corrupt("sqlite: schema version \(current) is newer than this build (\(migrations.count))")
                }
                if current == index {
                    switch migration {
                    case .schema(let sql): try connection.execute(sql)
                    case .rewriteEarlierForms: try rewriteEarlierForms(connection, codec: codec)
                    }
                    try connection.execute("PRAGMA user_version = \(index + 1)")
                }
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Each row in an earlier form gets the current form of its value; its version and expiry stay. A row that
    /// decodes in no form is left as it is (reading it reports it corrupt).
    private static func rewriteEarlierForms(_ connection: SQLiteConnection, codec: SessionCodec<Value>) throws {
        var rewritten: [(id: String, state: [UInt8])] = []
        try connection.run("SELECT id, state FROM sessions") { row in
            guard let value = try? codec.decodeEarlierForm(row.blob(1)), let state = try? codec.encode(value) else { return }
            rewritten.append((String(decoding: row.blob(0), as: UTF8.self), state))
        }
        for (id, state) in rewritten {
            try connection.run("UPDATE sessions SET state = ? WHERE id = ?", [.blob(state), .text(id)])
        }
    }
}

extension SQLiteConnection {
    func userVersion() throws -> Int {
        var version = 0
        try run("PRAGMA user_version") { version = Int($0.integer(0)) }
        return version
    }
}
