import CSQLite

/// A value bound to a `?` parameter.
@usableFromInline
enum SQLiteArgument {
    case integer(Int64)
    case real(Double)
    case text(String)
    /// Bound as text, from the id's own bytes: a short id is not a String (see `SessionID`).
    case id(SessionID)
    case blob([UInt8])
}

/// The current row of a stepping statement; valid only inside the row callback.
@usableFromInline
struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    fileprivate init(statement: OpaquePointer) {
        self.statement = statement
    }

    @usableFromInline func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    @usableFromInline func real(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    @usableFromInline func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let base = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: base, count: count))
    }
}

/// One SQLite connection with its prepared statements. Not thread-safe: the owner keeps it behind a Lock, which is
/// why it may be declared Sendable (the Lock is what serialises it; the checker cannot see that through closures).
/// Every unsafe pointer of libsqlite3 stays in this file.
@usableFromInline
final class SQLiteConnection: @unchecked Sendable {
    private let db: OpaquePointer
    /// Prepared statements by the address of their SQL text: every statement is a literal, so looking one up is a
    /// pointer comparison over a handful of entries (hashing the SQL text would cost more than the statement's step).
    private var statements: [(sql: UnsafePointer<UInt8>, statement: OpaquePointer)] = []

    /// Run once, before the process's first connection: SQLite's memory statistics (which nothing here reads) take
    /// a global mutex on every allocation and free it makes, about ten per press on the committer. The setting is
    /// process-wide; when something else in the process initialized SQLite first, it stays as that left it.
    private static let configured: Void = {
        _ = csqlite_disable_memory_statistics()
    }()

    init(path: String) throws {
        Self.configured
        var handle: OpaquePointer?
        // NOMUTEX: the owner serialises access, so SQLite's own per-connection mutex would be wasted work.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let handle { sqlite3_close_v2(handle) }
            throw SessionStoreError.unavailable("sqlite: cannot open \(path): \(message)")
        }
        db = handle
        sqlite3_extended_result_codes(db, 1)
    }

    deinit {
        for entry in statements { sqlite3_finalize(entry.statement) }
        sqlite3_close_v2(db)
    }

    /// Runs one or more statements without parameters (pragmas, DDL, BEGIN/COMMIT).
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(db, sql, nil, nil, &message)
        if status != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_free(message)
            throw Self.error(status, "\(sql): \(text)")
        }
    }

    /// Runs a cached prepared statement, calling `eachRow` per result row; returns the rows changed.
    @discardableResult @usableFromInline
    func run(_ sql: StaticString, _ arguments: [SQLiteArgument] = [], eachRow: (SQLiteRow) throws -> Void = { _ in }) throws -> Int {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        return try bind(arguments[...], from: 1, to: statement) {
            while true {
                let status = sqlite3_step(statement)
                if status == SQLITE_ROW {
                    try eachRow(SQLiteRow(statement: statement))
                } else if status == SQLITE_DONE {
                    return Int(sqlite3_changes(db))
                } else {
                    throw Self.error(status, lastMessage)
                }
            }
        }
    }

    /// Binds `arguments` to the parameters from `index` on, then runs `step` while they are bound. Text and blobs are
    /// bound without a copy (SQLITE_STATIC, a nil destructor), each inside the borrow of its bytes, so `step` runs
    /// in the innermost borrow; `run` clears the bindings right after, before SQLite could look at them again.
    private func bind(
        _ arguments: ArraySlice<SQLiteArgument>,
        from index: Int32,
        to statement: OpaquePointer,
        then step: () throws -> Int
    ) throws -> Int {
        guard let argument = arguments.first else { return try step() }
        let rest = arguments.dropFirst()
        func check(_ status: Int32) throws {
            guard status == SQLITE_OK else { throw Self.error(status, lastMessage) }
        }
        switch argument {
        case .integer(let value):
            try check(sqlite3_bind_int64(statement, index, value))
        case .real(let value):
            try check(sqlite3_bind_double(statement, index, value))
        case .text(var value):
            return try value.withUTF8 { text in
                try check(bindText(text, at: index, to: statement))
                return try bind(rest, from: index + 1, to: statement, then: step)
            }
        case .id(let id):
            return try id.withUTF8 { span in
                try span.withUnsafeBufferPointer { text in
                    try check(bindText(text, at: index, to: statement))
                    return try bind(rest, from: index + 1, to: statement, then: step)
                }
            }
        case .blob(let value):
            return try value.withUnsafeBytes { bytes in
                // A zero-length blob still needs a non-null pointer, or SQLite stores NULL.
                try check(sqlite3_bind_blob(statement, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), nil))
                return try bind(rest, from: index + 1, to: statement, then: step)
            }
        }
        return try bind(rest, from: index + 1, to: statement, then: step)
    }

    private func bindText(_ text: UnsafeBufferPointer<UInt8>, at index: Int32, to statement: OpaquePointer) -> Int32 {
        // A zero-length text still needs a non-null pointer, or SQLite binds NULL.
        let base = UnsafeRawPointer(text.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self)
        return sqlite3_bind_text(statement, index, base, Int32(text.count), nil)
    }

    private func prepared(_ sql: StaticString) throws -> OpaquePointer {
        let key = sql.utf8Start
        for entry in statements where entry.sql == key { return entry.statement }
        var statement: OpaquePointer?
        let text = UnsafeRawPointer(key).assumingMemoryBound(to: CChar.self)
        let status = sqlite3_prepare_v3(db, text, Int32(sql.utf8CodeUnitCount), UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw Self.error(status, "\(sql): \(lastMessage)") }
        statements.append((key, statement))
        return statement
    }

    var isInTransaction: Bool { sqlite3_get_autocommit(db) == 0 }

    private var lastMessage: String { String(cString: sqlite3_errmsg(db)) }

    private static func error(_ status: Int32, _ message: String) -> SessionStoreError {
        switch status & 0xff {
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt("sqlite: \(message)")
        default: return .unavailable("sqlite: \(message)")
        }
    }
}
