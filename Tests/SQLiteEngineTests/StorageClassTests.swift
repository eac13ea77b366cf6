import SQLiteEngine
import Testing

@Suite("Engine values and errors")
struct StorageClassTests {
    static let values: [SQLiteValue] = [
        .null, .integer(0), .integer(Int64.max), .integer(Int64.min), .real(0.1), .real(-1e-8),
        .text(""), .text("Café ☕️ кириллица"), .text("'; DROP TABLE t; --"), .blob([]), .blob([0, 1, 255, 0]),
    ]

    @Test("every storage class round-trips unchanged", arguments: SQLiteLibrary.Kind.allCases)
    func everyStorageClassRoundTrips(kind: SQLiteLibrary.Kind) throws {
        let connection = try EngineConnection(path: ":memory:", options: .create, library: SQLiteLibrary.named(kind))
        try connection.execute("CREATE TABLE t(v)")
        let insert = try connection.prepare("INSERT INTO t(v) VALUES (?)")
        for value in Self.values {
            try insert.bind(value, at: 1)
            #expect(try insert.step() == false)
            insert.reset()
        }
        let rows = try connection.rows("SELECT v, typeof(v) FROM t ORDER BY rowid")
        #expect(rows.map { $0[0] } == Self.values)
        let expectedTypes = Self.values.map { value -> String in
            switch value.storageClass {
            case .null: "null"
            case .integer: "integer"
            case .real: "real"
            case .text: "text"
            case .blob: "blob"
            }
        }
        #expect(rows.map { $0[1] } == expectedTypes.map { SQLiteValue.text($0) })
    }

    @Test("copyRow copies one buffer over and over, row after row of every storage class, and says when a row holds text or a blob",
          arguments: SQLiteLibrary.Kind.allCases)
    func copyRowReusesOneBuffer(kind: SQLiteLibrary.Kind) throws {
        let connection = try EngineConnection(path: ":memory:", options: .create, library: SQLiteLibrary.named(kind))
        try connection.execute("CREATE TABLE t(a, b)")
        // Rows alternate between holding references and numbers only, so each kind of overwrite is taken.
        let rows: [[SQLiteValue]] = [
            [.text("first"), .integer(1)], [.integer(2), .real(2.5)], [.blob([9, 8]), .null], [.null, .text("last")],
            [.integer(5), .integer(6)],
        ]
        for row in rows { try connection.run("INSERT INTO t(a, b) VALUES (?, ?)", row) }
        let select = try connection.prepare("SELECT a, b FROM t ORDER BY rowid")
        let buffer = UnsafeMutablePointer<SQLiteValue>.allocate(capacity: 2)
        defer { buffer.deallocate() }
        var holdsReferences = false
        var initialized = false
        var read: [[SQLiteValue]] = []
        while try select.step() {
            holdsReferences = select.copyRow(into: buffer, count: 2, replacing: initialized && holdsReferences)
            initialized = true
            read.append(Array(UnsafeBufferPointer(start: buffer, count: 2)))
            #expect(holdsReferences == read.last?.contains { $0.storageClass == .text || $0.storageClass == .blob })
        }
        #expect(read == rows)
        buffer.deinitialize(count: 2)
    }

    @Test("a failing statement's error carries primary and extended codes, message and SQL")
    func errorsCarryCodesAndSQL() throws {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        try connection.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT UNIQUE)")
        try connection.run("INSERT INTO t(name) VALUES (?)", [.text("a")])
        let error = #expect(throws: SQLiteError.self) {
            try connection.run("INSERT INTO t(name) VALUES (?)", [.text("a")])
        }
        #expect(error?.code == ResultCode.constraint)
        #expect(error?.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(error?.sql == "INSERT INTO t(name) VALUES (?)")
        #expect(error?.message.contains("UNIQUE") == true)
        #expect(error?.description.contains("SQLITE_CONSTRAINT") == true)
    }

    @Test("a syntax error in a script names the statement that failed")
    func scriptErrorNamesStatement() throws {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        let error = #expect(throws: SQLiteError.self) {
            try connection.execute("CREATE TABLE a(x);\nCREATE TABLEX b(y);\nCREATE TABLE c(z);")
        }
        #expect(error?.sql == "CREATE TABLEX b(y);")
        #expect(try connection.scalar("SELECT count(*) FROM sqlite_master") == .integer(1))
    }

    @Test("opening a missing file read-only fails with SQLITE_CANTOPEN and creates nothing")
    func missingFileFailsToOpen() throws {
        let path = "/tmp/driverport-missing-\(UInt64.random(in: 0...UInt64.max)).db"
        let error = #expect(throws: SQLiteError.self) {
            _ = try EngineConnection(path: path, options: .readOnly)
        }
        #expect(error?.code == ResultCode.cantopen)
        #expect(error?.message.contains(path) == true)
    }

    @Test("changes, last insert rowid and autocommit reflect the last statement")
    func changesAndRowid() throws {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        try connection.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v)")
        try connection.run("INSERT INTO t(id, v) VALUES (41, 'x'), (1717171717000123, 'y')")
        #expect(connection.changes == 2)
        #expect(connection.lastInsertRowid == 1_717_171_717_000_123)
        try connection.execute("BEGIN")
        #expect(connection.isAutocommit == false)
        try connection.run("UPDATE t SET v = NULL")
        #expect(connection.changes == 2)
        try connection.execute("ROLLBACK")
        #expect(connection.isAutocommit == true)
        #expect(connection.totalChanges == 4)
    }

    @Test("column names and declared types come from the table definition")
    func columnMetadata() throws {
        let connection = try EngineConnection(path: ":memory:", options: .create)
        try connection.execute("CREATE TABLE t(ID integer primary key, AMOUNT numeric, NAME TEXT COLLATE NOCASE)")
        let statement = try connection.prepare("SELECT ID, AMOUNT, NAME, 1 + 1 AS two FROM t")
        #expect(statement.columnNames == ["ID", "AMOUNT", "NAME", "two"])
        #expect(statement.columnDeclaredType(1) == "numeric")
        #expect(statement.columnDeclaredType(3) == nil)
        #expect(statement.isReadOnly)
    }
}
