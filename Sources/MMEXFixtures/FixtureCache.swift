import Foundation
import MMEXFiles
import SQLiteCipher

/// Medium and large fixtures (10k, 100k, 1M transactions), made on demand and kept in a build folder so tests and
/// benchmarks pay for each size once. Never committed.
///
/// A file is named by size, seed and ``FixtureGenerator/contentVersion``
/// (`mmex-t100000-s1-v1.mmb`), so a generator change makes new files instead of reusing stale ones. It is generated
/// under a temporary name and renamed into place (what an interrupted run left is deleted by the next one), and
/// an exclusive lock on `.lock` in the folder keeps two processes from generating at once. Callers must treat the
/// file as read-only (copy it before writing).
///
/// Encrypted fixtures (`mmex-t100000-s1-v1-sqlcipher4.emb`) are the plain fixture of the same size and seed,
/// exported through the page codec (`DatabaseCopy.export`): the same rows, made in a fraction of the time a second
/// generation takes. The key is part of what is cached: a cached file that does not open with the key asked for is
/// made again with it. Use test keys only: the plain file with the same rows sits beside it.
///
/// ```swift
/// let path = try FixtureCache.standard.path(transactions: 100_000)
/// let key = try CipherKey(passphrase: "bench")
/// let encrypted = try FixtureCache.standard.path(
///     transactions: 100_000, cipher: CipherTarget(format: .sqlcipher4, key: key))
/// ```
public struct FixtureCache: Sendable {
    /// Where the files live.
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    /// `.build/fixtures` of this package (found from this source file's location), else `.build/fixtures` under the
    /// current directory. (`driverport bench` takes another folder from `DRIVERPORT_FIXTURE_CACHE`: an option of the
    /// command, not of this type.)
    public static var standard: FixtureCache { FixtureCache(directory: defaultDirectory) }

    static var defaultDirectory: URL {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }  // Sources/MMEXFixtures/FixtureCache.swift
        if FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            return root.appendingPathComponent(".build/fixtures")
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/fixtures")
    }

    /// The file name for a spec, plain (`.mmb`) or in `cipher`'s format and page size (`.emb`; never the key).
    public static func fileName(for spec: FixtureSpec, cipher: CipherTarget = .plain) -> String {
        let base = "mmex-t\(spec.transactions)-s\(spec.seed)-v\(FixtureGenerator.contentVersion)"
        guard let format = cipher.format else { return base + ".mmb" }
        return base + "-\(format.rawValue)" + (cipher.pageSize.map { "-p\($0)" } ?? "") + ".emb"
    }

    /// The path of the fixture with `transactions` transactions from `seed` encrypted as `cipher` says (plain for
    /// ``SQLiteCipher/CipherTarget/plain``), making it first if the cache does not hold it yet, or holds it under
    /// another key.
    ///
    /// An encrypted fixture is an export of the plain one (which is cached too), through the page codec.
    ///
    /// - Throws: ``SQLiteCipher/CipherError/keyRequired`` for a format without a key,
    ///   ``SQLiteCipher/CipherError/keyWithoutCipher`` for a key without a format, and the errors of generating,
    ///   exporting and storing the file.
    public func path(transactions: Int, seed: UInt64 = 1, cipher: CipherTarget) throws -> String {
        guard let format = cipher.format else {
            if cipher.key != nil { throw CipherError.keyWithoutCipher }
            return try path(transactions: transactions, seed: seed)
        }
        guard let key = cipher.key else { throw CipherError.keyRequired }
        let spec = FixtureSpec(transactions: transactions, seed: seed)
        let target = directory.appendingPathComponent(FixtureCache.fileName(for: spec, cipher: cipher)).path
        if Self.opens(target, as: format, key: key) { return target }
        // The plain fixture first, outside this lock (the lock is not reentrant).
        let plain = try path(transactions: transactions, seed: seed)
        return try withLock {
            if Self.opens(target, as: format, key: key) { return target }
            removeLeftovers()
            let temporary = target + ".partial-\(getpid())"
            let source = try ReadOnlyDatabase.open(try FileProbe.examine(plain), vfs: PageCodec.vfsName)
            defer { source.connection.close() }
            try DatabaseCopy.export(from: source.connection, to: temporary, as: cipher)
            // Replaces a file made with another key (rename is atomic; its readers keep the old file).
            try publish(temporary, as: target)
            return target
        }
    }

    /// Whether `path` exists and opens as `format` with `key` (one key derivation; the file is only read).
    private static func opens(_ path: String, as format: CipherFormat, key: CipherKey) -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return false }
        return (try? CipherProbe.examine(path: path, choice: .format(format), key: key)) != nil
    }

    /// The path of the plain fixture with `transactions` transactions from `seed`, generating it first if the cache
    /// does not hold it yet.
    public func path(transactions: Int, seed: UInt64 = 1) throws -> String {
        let spec = FixtureSpec(transactions: transactions, seed: seed)
        let target = directory.appendingPathComponent(FixtureCache.fileName(for: spec)).path
        if FileManager.default.fileExists(atPath: target) { return target }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try withLock {
            if FileManager.default.fileExists(atPath: target) { return target }
            removeLeftovers()
            let temporary = target + ".partial-\(getpid())"
            try FixtureGenerator.generate(at: temporary, spec: spec)
            try publish(temporary, as: target)
            return target
        }
    }

    /// Renames a finished file into place (replacing what is there), or removes it and throws.
    private func publish(_ temporary: String, as target: String) throws {
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw FixtureError.cacheNotWritable(path: target, reason: reason)
        }
    }

    /// Deletes what an interrupted run left (`*.partial-PID` and their sidecars). Only called under the lock, when
    /// no other generation can be running.
    private func removeLeftovers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.contains(".partial-") {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// Runs `body` holding an exclusive `flock` on the folder's `.lock` file.
    private func withLock<T>(_ body: () throws -> T) throws -> T {
        let lockPath = directory.appendingPathComponent(".lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
