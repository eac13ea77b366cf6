import Foundation
import SQLiteCipher
import SQLiteEngine

/// The page codec registered over a fault-injecting VFS: SQLite → codec (encrypts) → fault VFS → unix.
///
/// The fault VFS sees the encrypted bytes the codec writes and the calls it makes (including the header reads of
/// applying a key), so a sweep over its calls puts every step of encrypted I/O under faults. Each stack has its own
/// names, so parallel tests do not share counters.
public struct CodecFaultStack: Sendable {
    /// The fault VFS under the codec: arm it, count its calls.
    public let faults: FaultInjectingVFS
    /// The codec instance's VFS name: open connections through it and apply the key as usual.
    public let name: String

    public init() throws {
        faults = try FaultInjectingVFS()
        name = "codec-over-\(faults.name)"
        try PageCodec.register(named: name, over: faults.name)
    }

    /// Opens `path` through the stack (or the default codec VFS with `throughFaults: false`) and applies `key`
    /// (`nil`: a plain file through the codec).
    public func open(
        _ path: String, key: CipherKey?, access: OpenOptions.Access = .readWrite, throughFaults: Bool = true
    ) throws -> EngineConnection {
        try Self.open(path, key: key, access: access, vfs: throughFaults ? name : PageCodec.vfsName)
    }

    /// Opens `path` through the codec VFS `vfs` and applies `key` in SQLCipher 4 (or none for a plain file).
    public static func open(
        _ path: String, key: CipherKey?, access: OpenOptions.Access = .readWrite, vfs: String = PageCodec.vfsName
    ) throws -> EngineConnection {
        let connection = try EngineConnection(path: path, options: OpenOptions(access: access, vfs: vfs))
        do {
            try PageCodec.apply(key == nil ? .none : .format(.sqlcipher4), key: key, to: connection)
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    /// A raw SQLCipher 4 key (32 bytes) made from `seed`: raw keys skip the key derivation, so a sweep of hundreds
    /// of opens stays fast (the derivation is not I/O and is covered elsewhere).
    public static func rawKey(_ seed: UInt8) throws -> CipherKey {
        try CipherKey(rawKey: (0..<32).map { UInt8(truncatingIfNeeded: Int($0) &* 31 &+ Int(seed)) })
    }

    /// Creates the ledger workload's base file at `path`, encrypted with `key` (`nil`: plain), in `journalMode`,
    /// with transactions `committed` already in it; closed with no sidecar left.
    public static func createLedgerBase(
        at path: String, key: CipherKey?, journalMode: String = "delete", committed: Range<Int> = 0..<0
    ) throws {
        let connection = try open(path, key: key, access: .readWriteCreate)
        try LedgerWorkload.createSchema(on: connection)
        for transaction in committed { try LedgerWorkload.run(transaction, on: connection) }
        if journalMode == "wal" { try connection.execute("PRAGMA journal_mode = WAL") }
        connection.close()
    }
}
