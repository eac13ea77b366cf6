import CPageCodec
import SQLiteEngine
import Synchronization

/// The page codec: an SQLite VFS over the system SQLite that reads and writes the encrypted formats of SQLCipher, wxSQLite3 and SQLite3 Multiple Ciphers.
///
/// Open a connection through it, then apply the key before the first statement:
///
/// ```swift
/// let connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: PageCodec.vfsName))
/// let applied = try PageCodec.apply(.auto, key: key, to: connection)
/// ```
///
/// Plain files pass straight through the VFS. For an encrypted file the codec decrypts every page SQLite reads
/// and encrypts every page it writes: main file, rollback journal and WAL alike. Memory-mapped I/O is off for such
/// files, temporary files stay in memory, and the page cache starts at ``encryptedPageCacheKiB``.
public enum PageCodec {
    /// The name the codec's VFS is registered under (never the default VFS). Reading it registers the VFS.
    public static var vfsName: String {
        _ = registration
        return String(cString: dp_codec_vfs_name())
    }

    // A global's initializer runs once, under the runtime's lock: registration is idempotent and thread-safe.
    private static let registration: Int32 = dp_codec_register()

    /// Registers the VFS (idempotent, thread-safe).
    ///
    /// - Throws: ``CipherError/crypto(detail:)`` when OpenSSL lacks an algorithm or the unix VFS is missing.
    public static func register() throws(CipherError) {
        guard registration == ResultCode.ok else {
            throw .crypto(detail: "the page codec could not register (OpenSSL algorithms or the unix VFS missing)")
        }
    }

    /// Registers another instance of the codec VFS under `name`, over the VFS named `base` instead of `unix`.
    ///
    /// For tests and special stacks: a fault-injecting VFS as the base puts the codec's encrypted I/O under its
    /// faults. The default instance (``vfsName``) is unaffected; a connection opened through `name` works exactly as
    /// one opened through ``vfsName`` (apply the key the same way). The instance stays registered for the life of
    /// the process, so register a name once.
    ///
    /// - Throws: ``CipherError/crypto(detail:)`` when `base` does not exist, `name` is taken, or the codec cannot
    ///   register at all.
    public static func register(named name: String, over base: String) throws(CipherError) {
        try register()
        let rc = dp_codec_register_over(name, base)
        guard rc == ResultCode.ok else {
            let reason = switch rc {
            case ResultCode.notfound: "no VFS is registered as '\(base)'"
            case ResultCode.misuse: "the name '\(name)' is taken"
            default: "SQLite error \(rc)"
            }
            throw .crypto(detail: "the page codec could not register as '\(name)' over '\(base)': \(reason)")
        }
    }

    /// The codec instances ``vfsName(over:)`` registered, by base VFS name.
    private static let instancesOverBase = Mutex<[String: String]>([:])

    /// The name of a codec instance over the VFS named `base`, registered the first time it is asked for (later
    /// calls return the same name). It is how a session's key names a test VFS to sit under the codec; `base` must
    /// stay registered while the process runs.
    ///
    /// - Throws: ``CipherError/crypto(detail:)`` when `base` does not exist or the codec cannot register.
    public static func vfsName(over base: String) throws(CipherError) -> String {
        try instancesOverBase.withLock { (names) throws(CipherError) -> String in
            if let name = names[base] { return name }
            let name = "driverport-codec-over-\(base)"
            try register(named: name, over: base)
            names[base] = name
            return name
        }
    }

    /// The name of the codec VFS instance a connection's schema was opened through (``vfsName``, or one registered
    /// with ``register(named:over:)``), or `nil` when it was not opened through the codec.
    static func instanceName(of connection: EngineConnection, schema: String = "main") -> String? {
        var vfs: UnsafeMutableRawPointer?
        // SQLITE_FCNTL_VFS_POINTER: SQLite answers it itself with the schema's sqlite3_vfs*.
        guard (try? connection.fileControl(database: schema, operation: 27, argument: &vfs)) == ResultCode.ok,
              let name = dp_codec_instance_name(vfs)
        else { return nil }
        return String(cString: name)
    }

    /// Applies a key (or none) to a connection opened through ``vfsName``, before its first statement.
    ///
    /// - An empty file with a key becomes an encrypted database in the chosen format (`auto`: SQLCipher 4), with
    ///   `pageSize` (or the format's default) and the reserved bytes the format needs.
    /// - A plain file opens without a key; with `auto` and a key it still opens, and the result notes the key was
    ///   not needed.
    /// - An encrypted file is detected among the choice's candidates; its page size is probed.
    ///
    /// It also sets `temp_store = MEMORY` on an encrypted connection, so no temporary file reaches the disk, and
    /// its page cache to ``encryptedPageCacheKiB``. That pragma reads the schema, so what the first read of an
    /// encrypted file would meet (a hot journal to roll back, or to refuse) is met here.
    ///
    /// - Returns: what was found and applied.
    /// - Throws: ``CipherError``: ``CipherError/wrongKey(format:)``, ``CipherError/keyRequired``,
    ///   ``CipherError/authenticationFailed(page:detail:)`` (page 1 changed), ``CipherError/notEncrypted(requested:)``,
    ///   ``CipherError/foreignHotJournal(detail:)``, ``CipherError/notThroughCodec`` and the key errors.
    @discardableResult
    public static func apply(
        _ choice: CipherChoice, key: CipherKey?, to connection: EngineConnection, schema: String = "main",
        pageSize: Int? = nil
    ) throws(CipherError) -> AppliedCipher {
        try register()
        let status = try rawStatus(of: connection, schema: schema)
        guard let key else {
            if case .format = choice { throw .keyRequired }
            if status.file_state == Int32(DP_FILE_OTHER) { throw .keyRequired }
            return AppliedCipher(
                format: nil, pageSize: Int(status.page_size), isNewFile: status.file_state == Int32(DP_FILE_NEW)
            )
        }
        if case .none = choice { throw .keyWithoutCipher }
        var result = dp_key_result()
        let rc = try withUnsafeMutablePointer(to: &result) { (resultPointer) throws(CipherError) -> Int32 in
            try KeySpecification(choice: choice, key: key, newFilePageSize: pageSize).withSpec {
                (spec) throws(CipherError) -> Int32 in
                var apply = dp_apply_key(spec: spec, result: resultPointer)
                return try fileControl(connection, schema: schema, operation: Int32(DP_FCNTL_APPLY_KEY), argument: &apply)
            }
        }
        guard rc == ResultCode.ok, result.error == Int32(DP_OK) else { throw CipherError(result: result, requested: choice) }
        switch Int(result.outcome) {
        case DP_FILE_PLAIN:
            if case .format(let format) = choice { throw .notEncrypted(requested: format) }
            return AppliedCipher(format: nil, pageSize: 0, isNewFile: false, notes: ["the file is not encrypted; the key was not used"])
        default:
            let applied = AppliedCipher(result: result)
            try configure(connection, schema: schema, applied: applied)
            return applied
        }
    }

    /// The page cache every encrypted connection starts with, in KiB (SQLite's default is 2,000 KiB).
    ///
    /// For a plain file the operating system's cache keeps recently read pages, so a page that leaves SQLite's
    /// cache costs a copy. For an encrypted file that cache holds ciphertext: every page SQLite reads again is
    /// decrypted and authenticated again (for SQLCipher 4 an HMAC-SHA512 of the page). A query that scans a table
    /// larger than the default cache pays that on every run. SQLite allocates cache pages only as it reads them, so
    /// a small file or a short-lived connection costs no more memory than before; at most this much per
    /// connection (each pool reader has its own). Change it per connection with `PRAGMA cache_size` after the key
    /// is applied; it does not change what is stored.
    public static let encryptedPageCacheKiB = 32_768

    /// Settings every encrypted connection gets; a new file also gets its page size and reserved bytes.
    private static func configure(_ connection: EngineConnection, schema: String, applied: AppliedCipher) throws(CipherError) {
        let prefix = quoteIdentifier(schema) + "."
        do {
            if applied.isNewFile, let format = applied.format {
                // The page size first: the page_size pragma also resets the wanted reserve.
                try connection.execute("PRAGMA \(prefix)page_size = \(applied.pageSize)")
                var reserve = Int32(format.reservedBytes)
                // SQLITE_FCNTL_RESERVE_BYTES: SQLite reserves these bytes at the end of every page it writes.
                _ = try connection.fileControl(database: schema, operation: 38, argument: &reserve)
            }
            try connection.execute("PRAGMA temp_store = MEMORY")
            try connection.execute("PRAGMA \(prefix)mmap_size = 0")
            try connection.execute("PRAGMA \(prefix)cache_size = -\(encryptedPageCacheKiB)")
        } catch {
            throw translate(error, on: connection, schema: schema)
        }
    }

    /// The codec's view of a connection's file: keyed or not, format, page size, the page-1 header, last error.
    public static func status(of connection: EngineConnection, schema: String = "main") throws(CipherError) -> CodecStatus {
        CodecStatus(try rawStatus(of: connection, schema: schema))
    }

    static func rawStatus(of connection: EngineConnection, schema: String) throws(CipherError) -> dp_status {
        var status = dp_status()
        let rc = try fileControl(connection, schema: schema, operation: Int32(DP_FCNTL_STATUS), argument: &status)
        guard rc == ResultCode.ok else { throw .notThroughCodec }
        // The header could not be read: an I/O error the caller must see, not a header guessed as plain rollback.
        guard status.io_error == 0 else {
            throw .sqlite(SQLiteError(extendedCode: status.io_error, message: "disk I/O error reading the database header"))
        }
        return status
    }

    static func fileControl<T>(
        _ connection: EngineConnection, schema: String, operation: Int32, argument: inout T
    ) throws(CipherError) -> Int32 {
        do {
            return try withUnsafeMutablePointer(to: &argument) { (pointer) throws(SQLiteError) -> Int32 in
                try connection.fileControl(database: schema, operation: operation, argument: pointer)
            }
        } catch {
            throw .sqlite(error)
        }
    }

    /// The cipher error behind an SQLite error on a codec connection, if the codec caused it.
    ///
    /// SQLite reports a page that fails authentication as `SQLITE_IOERR_DATA` (as its own checksum VFS does) and a
    /// wrong key as `SQLITE_NOTADB`; the codec keeps the details (which page, which format). This turns them into
    /// ``CipherError`` and forgets the codec's record, so a later unrelated error is not misattributed.
    public static func cipherError(for error: SQLiteError, on connection: EngineConnection, schema: String = "main") -> CipherError? {
        guard [ResultCode.ioerr, ResultCode.corrupt, ResultCode.notadb].contains(error.code),
              let status = try? rawStatus(of: connection, schema: schema)
        else { return nil }
        guard status.keyed != 0 else {
            return error.code == ResultCode.notadb && status.file_state == Int32(DP_FILE_OTHER) ? .keyRequired : nil
        }
        guard status.last_error != Int32(DP_OK) else {
            return error.code == ResultCode.notadb ? .wrongKey(format: CipherFormat(codecID: status.format)) : nil
        }
        var unused: Int32 = 0
        _ = try? fileControl(connection, schema: schema, operation: Int32(DP_FCNTL_CLEAR_ERROR), argument: &unused)
        return CipherError(
            codecError: status.last_error, page: status.last_error_page, message: codecMessage(status.last_message),
            format: CipherFormat(codecID: status.format)
        )
    }

    /// `error` as a ``CipherError`` when the codec caused it (see ``cipherError(for:on:schema:)``), else unchanged.
    public static func translate(_ error: any Error, on connection: EngineConnection, schema: String = "main") -> CipherError {
        if let error = error as? CipherError { return error }
        guard let error = error as? SQLiteError else { return .io(detail: "\(error)") }
        return cipherError(for: error, on: connection, schema: schema) ?? .sqlite(error)
    }
}

/// What ``PageCodec/apply(_:key:to:schema:pageSize:)`` found and applied.
public struct AppliedCipher: Sendable, Equatable {
    /// The format, or `nil` for a plain file.
    public var format: CipherFormat?
    /// The page size (the codec's, for an encrypted file; the header's, for a plain one; 0 when unknown).
    public var pageSize: Int
    /// The file was empty: the codec will encrypt what SQLite writes.
    public var isNewFile: Bool
    /// wxSQLite3 AES page 1 in the layout before wxSQLite3 3.1 (kept on write).
    public var legacyPage1Layout: Bool = false
    /// Things worth telling the user (a truncated AES passphrase, an unused key).
    public var notes: [String] = []

    init(format: CipherFormat?, pageSize: Int, isNewFile: Bool, notes: [String] = []) {
        self.format = format
        self.pageSize = pageSize
        self.isNewFile = isNewFile
        self.notes = notes
    }

    init(result: dp_key_result) {
        format = CipherFormat(codecID: result.format)
        pageSize = Int(result.page_size)
        isNewFile = result.outcome == Int32(DP_FILE_NEW)
        legacyPage1Layout = result.legacy_layout != 0
        if result.passphrase_truncated != 0 {
            notes.append("the passphrase is longer than 32 bytes; \(format?.rawValue ?? "this format") uses only its first 32")
        }
    }

    /// The command-line name: the format's, or `none`.
    public var name: String { format?.rawValue ?? "none" }
}

/// The codec's view of one connection's database file.
public struct CodecStatus: Sendable, Equatable {
    /// A key was applied (the file is encrypted, or new and will be).
    public var isKeyed: Bool
    /// The format, when keyed.
    public var format: CipherFormat?
    /// The page size, when known.
    public var pageSize: Int
    /// Page 1 says WAL mode; `nil` when unknown (a new file).
    public var walMode: Bool?
    /// Page 1's reserved bytes per page; `nil` when unknown.
    public var headerReservedBytes: Int?
    /// The file is not plain SQLite and has no key (encrypted, or not a database).
    public var looksEncrypted: Bool
    /// The file is empty.
    public var isEmpty: Bool

    init(_ status: dp_status) {
        isKeyed = status.keyed != 0
        format = CipherFormat(codecID: status.format)
        pageSize = Int(status.page_size)
        walMode = status.header_wal < 0 ? nil : status.header_wal != 0
        headerReservedBytes = status.header_reserve < 0 ? nil : Int(status.header_reserve)
        looksEncrypted = status.keyed == 0 && status.file_state == Int32(DP_FILE_OTHER)
        isEmpty = status.file_state == Int32(DP_FILE_NEW)
    }
}
