import CSQLite
import Foundation
import SQLiteCipher
import SQLiteEngine

/// Case 4: the page codec. A full scan (every row and column of every table) of the same fixture plain and in
/// SQLCipher v4, SQLCipher v3, wxSQLite3 AES-128 and ChaCha20 (the encrypted files are exports of the plain one),
/// with the time to open (key derivation) measured as its own case; then the same SQLCipher v3 file scanned by the
/// page codec on the system SQLite and by Debian's SQLCipher 3.4.1 engine; then the SQLCipher v4 file scanned through
/// the codec's loadable extension in Debian's `sqlite3` shell against the same scan on DriverPort's own connection
/// (``ExtensionScanCase``).
///
/// Every scan is the same raw C-API loop through the connection's engine function table (`sqlite3_step`,
/// `sqlite3_column_type`, then the value), so what differs is only the engine and codec underneath. Connections
/// stay open across rounds (keys are derived once per connection, as in an app). Every scan connection gets a
/// page cache of ``scanCacheKiB`` KiB, far smaller than any fixture, so each scan reads (and decrypts) every page
/// again whatever the fixture size; with SQLite's default 2 MB cache a small fixture would stay cached and the
/// scan would measure no decryption at all. Where the codec's scan read-ahead is available (SQLCipher v4 on a CPU
/// with AVX2), the SQLCipher v4 file is also scanned with it turned off.
enum CodecCases {
    static let plainName = "plain"
    static let formats: [CipherFormat] = [.sqlcipher4, .sqlcipher3, .aes128, .chacha20]
    static let debianEngineName = "Debian SQLCipher 3.4.1 engine"
    static let codecEngineName = "page codec on system SQLite"
    /// The SQLCipher v4 scan with the codec's scan read-ahead turned off (where the CPU has it on).
    static let readAheadOffName = "sqlcipher4, read-ahead off"
    static let family = BenchFamily.codec.rawValue
    /// The passphrase of the benchmark's encrypted fixtures (a test key: the plain file sits beside them).
    static let passphrase = "driverport-bench"
    /// The page cache of every scan connection, in KiB.
    static let scanCacheKiB = 256

    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let transactions = context.configuration.mmexTransactions
        let label = sizeLabel(transactions)
        let key = try CipherKey(passphrase: passphrase)
        let plainPath = try context.fixture(transactions: transactions)
        var paths: [CipherFormat: String] = [:]
        for format in formats {
            context.progress("fixture: \(label) transactions as \(format.rawValue) (made once, then cached)")
            paths[format] = try context.fixtures.path(
                transactions: transactions, cipher: CipherTarget(format: format, key: key))
        }
        let plain = try EngineConnection(path: plainPath, options: .readOnly)
        try limitCache(plain)
        let tables = try userTables(plain)
        var connections: [(name: String, connection: EngineConnection)] = [(plainName, plain)]
        for format in formats {
            guard let path = paths[format] else { continue }
            let connection = try openThroughCodec(path, format: format, key: key)
            try limitCache(connection)
            connections.append((format.rawValue, connection))
            if format == .sqlcipher4, try PageCodec.readAhead(of: connection).state == .on {
                // The same file with the scan read-ahead off: what the four-way HMACs save, measured in the same rounds.
                let without = try openThroughCodec(path, format: format, key: key)
                try PageCodec.setReadAhead(false, on: without)
                try limitCache(without)
                connections.append((readAheadOffName, without))
            }
        }
        defer { for entry in connections { entry.connection.close() } }

        var results: [BenchResult] = []
        results += try context.measure(openCase(plainPath: plainPath, paths: paths, key: key, name: "codec-open-\(label)"),
                                       with: context.configuration.longRunner)
        results += try context.measure(BenchCase(
            name: "codec-scan-\(label)", family: family, baseline: plainName,
            implementations: connections.map { entry in
                .init(entry.name) { try scan(entry.connection, tables: tables) }
            }))
        if let v3 = paths[.sqlcipher3] {
            results += try engines(context, path: v3, key: key, tables: tables, label: label)
        }
        if let v4 = paths[.sqlcipher4] {
            results += try ExtensionScanCase.run(context, path: v4, key: key, tables: tables, label: label)
        }
        return results
    }

    /// The same SQLCipher v3 file through Debian's SQLCipher engine (the baseline) and through the page codec.
    static func engines(
        _ context: BenchContext, path: String, key: CipherKey, tables: [String], label: String
    ) throws -> [BenchResult] {
        let library: SQLiteLibrary
        do {
            library = try SQLiteLibrary.sqlcipher()
        } catch {
            context.note("SQLCipher v3 engine comparison skipped: \(error)")
            return []
        }
        let pageSize = try CipherProbe.examine(path: path, choice: .format(.sqlcipher3), key: key).pageSize
        let openDebian = {
            let connection = try EngineConnection(path: path, options: .readOnly, library: library)
            try SQLCipherEngineKey.apply(key: key, format: .sqlcipher3, pageSize: pageSize, to: connection)
            return connection
        }
        let debian = try openDebian()
        let codec = try openThroughCodec(path, format: .sqlcipher3, key: key)
        try limitCache(debian)
        try limitCache(codec)
        defer {
            debian.close()
            codec.close()
        }
        var results: [BenchResult] = []
        results += try context.measure(BenchCase(
            name: "codec-sqlcipher3-engines-open-\(label)", family: family, baseline: nil,
            implementations: [
                .init(debianEngineName) { try countSchema(openDebian()) },
                .init(codecEngineName) { try countSchema(openThroughCodec(path, format: .sqlcipher3, key: key)) },
            ]), with: context.configuration.longRunner)
        results += try context.measure(BenchCase(
            name: "codec-sqlcipher3-engines-scan-\(label)", family: family, baseline: debianEngineName,
            baselineIsRawC: false,
            implementations: [
                .init(debianEngineName) { try scan(debian, tables: tables) },
                .init(codecEngineName) { try scan(codec, tables: tables) },
            ]))
        return results
    }

    /// Opening each file and deriving its key: open, apply the key, read the schema, close.
    static func openCase(plainPath: String, paths: [CipherFormat: String], key: CipherKey, name: String) -> BenchCase {
        var implementations: [BenchCase.Implementation] = [
            .init(plainName) { try countSchema(EngineConnection(path: plainPath, options: .readOnly)) },
        ]
        for format in formats {
            guard let path = paths[format] else { continue }
            implementations.append(.init(format.rawValue) {
                try countSchema(openThroughCodec(path, format: format, key: key))
            })
        }
        return BenchCase(name: name, family: family, baseline: nil, implementations: implementations)
    }

    /// A read-only connection through the codec's VFS with the key applied.
    static func openThroughCodec(_ path: String, format: CipherFormat, key: CipherKey) throws -> EngineConnection {
        let connection = try EngineConnection(
            path: path, options: OpenOptions(access: .readOnly, vfs: PageCodec.vfsName))
        do {
            try PageCodec.apply(.format(format), key: key, to: connection)
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    /// Gives a scan connection its small page cache.
    static func limitCache(_ connection: EngineConnection) throws {
        try connection.execute("PRAGMA cache_size = -\(scanCacheKiB)")
    }

    /// Reads the schema (which needs page 1, decrypted) and closes: the rows are the schema's entries.
    static func countSchema(_ connection: EngineConnection) throws -> Int {
        defer { connection.close() }
        guard case .integer(let count) = try connection.scalar("SELECT count(*) FROM sqlite_master") else {
            throw BenchDataError.unexpected("count(*) of sqlite_master")
        }
        return Int(count)
    }

    /// The tables with rows to scan, in name order.
    static func userTables(_ connection: EngineConnection) throws -> [String] {
        try connection.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .compactMap { $0.first?.textValue }
    }

    /// Every row and column of `tables`, read with the engine's C API: integers and reals summed, text and blob
    /// lengths added (SQLite has to produce the bytes).
    static func scan(_ connection: EngineConnection, tables: [String]) throws -> BenchOutcome {
        let api = connection.library.api
        var rows = 0
        var sum: Int64 = 0
        for table in tables {
            let statement = try connection.prepare("SELECT * FROM \"\(table)\"")
            let handle = statement.handle
            let columns = api.columnCount(handle)
            while try statement.step() {
                for column in 0..<columns {
                    switch api.columnType(handle, column) {
                    case SQLITE_INTEGER: sum &+= api.columnInt64(handle, column)
                    case SQLITE_FLOAT: sum &+= Int64(bitPattern: api.columnDouble(handle, column).bitPattern)
                    case SQLITE_TEXT: sum &+= Int64(api.columnBytes(handle, column)) &* 3
                    case SQLITE_BLOB: sum &+= Int64(api.columnBytes(handle, column)) &* 5
                    default: sum &+= 7
                    }
                }
                rows += 1
            }
        }
        return BenchOutcome(rows: rows, checksum: sum)
    }
}
