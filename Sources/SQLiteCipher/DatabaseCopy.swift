import CPageCodec
import Foundation
import SQLiteEngine

/// Where a copy goes: a plain file, or an encrypted one with a format and key.
public struct CipherTarget: Sendable {
    /// The format, or `nil` for a plain file.
    public var format: CipherFormat?
    /// The key for an encrypted target.
    public var key: CipherKey?
    /// The page size; `nil`: the format's default for SQLCipher (which needs it), the source's otherwise.
    public var pageSize: Int?

    /// A target in `format` (`nil`: plain) under `key`, with `pageSize` or the default described at ``pageSize``.
    public init(format: CipherFormat?, key: CipherKey?, pageSize: Int? = nil) {
        self.format = format
        self.key = key
        self.pageSize = pageSize
    }

    /// A plain SQLite file.
    public static let plain = CipherTarget(format: nil, key: nil)

    var choice: CipherChoice { format.map { .format($0) } ?? .none }
}

/// How far a copy, export or rekey has come (for a progress line).
public struct CopyProgress: Sendable, Equatable {
    /// The step running.
    public enum Phase: Sendable, Equatable {
        /// Copying the database into the new file, page by page.
        case copying
        /// Reading the new file back (integrity check, user_version).
        case verifying
        /// Putting the new file in place.
        case replacing
    }

    /// The step running now.
    public var phase: Phase
    /// Source pages read so far (copying).
    public var pagesDone: Int
    /// Source pages in all.
    public var pagesTotal: Int
}

/// What a copy wrote.
public struct CopyReport: Sendable, Equatable {
    /// The new file.
    public var path: String
    /// Its format, or `nil` when plain.
    public var format: CipherFormat?
    /// Its page size in bytes (the usable page: what SQLite's `page_size` reports).
    public var pageSize: Int
    /// How many pages it holds.
    public var pageCount: Int
    /// The `user_version` the copy carries (the source's).
    public var userVersion: Int64
    /// Whether the copy is in WAL mode (as the source is).
    public var walMode: Bool
}

/// Copies a database into a new file with another cipher: export to plain, import plain into encrypted, or a
/// change of format or key.
///
/// The copy is made with `VACUUM INTO` through the codec, so it holds every table, index, trigger and view with
/// the same rows and rowids, plus `user_version` and `application_id` (which SQLCipher's `sqlcipher_export` loses),
/// and it keeps the source's journal mode. It is written under a temporary name beside the destination, read back,
/// flushed, and only then given its name; a temporary copy a killed export left there is removed first
/// (``StaleTemporaries``). The source is only read. SQLite cannot shrink the reserved bytes of a
/// page, so the copy reserves at least what the source did (harmless to SQLite; see ``CipherFormat/reservedBytes``).
public enum DatabaseCopy {
    /// Writes the database of `source` (a connection opened through ``PageCodec/vfsName`` with its key applied) to
    /// a new file at `destination`.
    ///
    /// - Parameter progress: called while copying and verifying; return `false` to cancel (nothing is left behind).
    /// - Throws: ``CipherError/outputExists(path:)`` when `destination` exists, and the errors of reading the
    ///   source, writing and verifying the copy.
    @discardableResult
    public static func export(
        from source: EngineConnection, schema: String = "main", to destination: String, as target: CipherTarget,
        progress: ((CopyProgress) -> Bool)? = nil
    ) throws(CipherError) -> CopyReport {
        if FileSteps.exists(destination) { throw .outputExists(path: destination) }
        StaleTemporaries.remove(besides: destination)
        let temporary = FileSteps.temporarySibling(of: destination)
        do {
            var report = try writeVerifiedCopy(from: source, schema: schema, to: temporary, as: target, progress: progress)
            try FileSteps.publishNew(temporary, as: destination)
            FileSteps.removeSidecars(of: temporary)
            report.path = destination
            return report
        } catch {
            FileSteps.remove(temporary)
            throw error
        }
    }

    /// Writes, verifies and flushes the copy at `temporary` (which must not exist). On failure it may leave files
    /// at `temporary`; the caller removes them.
    static func writeVerifiedCopy(
        from source: EngineConnection, schema: String, to temporary: String, as target: CipherTarget,
        walMode: Bool? = nil, progress: ((CopyProgress) -> Bool)?
    ) throws(CipherError) -> CopyReport {
        let sourceStatus = try PageCodec.status(of: source, schema: schema)
        if target.format != nil, target.key == nil { throw .keyRequired }
        if target.format == nil, target.key != nil { throw .keyWithoutCipher }
        let facts = try sourceFacts(source, schema: schema)
        let sourceReserve = sourceStatus.headerReservedBytes ?? 0
        if target.format == .sqleet, sourceReserve > CipherFormat.sqleet.reservedBytes {
            throw .unsupportedLayout(detail: "sqleet needs exactly 32 reserved bytes per page and the source has "
                + "\(sourceReserve); SQLite cannot shrink them (choose chacha20, which reads the same way)")
        }
        let pageSize = target.pageSize ?? (target.format?.isSQLCipher == true ? target.format?.defaultPageSize : nil)
            ?? facts.pageSize
        // VACUUM INTO keeps the larger of the source's and the cipher's reserve; SQLite needs 480 usable bytes a page.
        let reserve = max(sourceReserve, target.format?.reservedBytes ?? 0)
        if let requested = target.pageSize, requested - reserve < 480 {
            throw .unsupportedLayout(detail: "a page of \(requested) bytes cannot keep the \(reserve) reserved bytes the "
                + "source's pages carry (SQLite needs 480 usable bytes a page); choose a page size of at least "
                + "\(Self.smallestPageSize(reserve: reserve))")
        }
        if let format = target.format, let key = target.key {
            try expect(temporary, format: format, key: key, pageSize: pageSize)
        }
        defer { dp_forget_file(temporary) }
        try vacuumInto(
            temporary, from: source, schema: schema, reserve: target.format?.reservedBytes ?? 0, pageSize: pageSize,
            sourcePageSize: facts.pageSize, totalPages: facts.pageCount, progress: progress
        )
        if let progress, !progress(CopyProgress(phase: .verifying, pagesDone: facts.pageCount, pagesTotal: facts.pageCount)) {
            throw .cancelled
        }
        // Read back through the codec instance the source uses (the default one, or a test's stack over a fault VFS).
        let report = try verify(
            temporary, target: target, userVersion: facts.userVersion, walMode: walMode ?? (sourceStatus.walMode == true),
            vfs: PageCodec.instanceName(of: source, schema: schema) ?? PageCodec.vfsName
        )
        if let requested = target.pageSize, report.pageSize != requested {
            throw .verificationFailed(detail: "the copy has \(report.pageSize)-byte pages, not the \(requested) asked for")
        }
        try FileSteps.sync(temporary)
        return report
    }

    /// The smallest power-of-two page size that leaves SQLite 480 usable bytes next to `reserve` reserved ones.
    static func smallestPageSize(reserve: Int) -> Int {
        var size = 512
        while size - reserve < 480 { size *= 2 }
        return size
    }

    private struct SourceFacts {
        var pageSize: Int
        var pageCount: Int
        var userVersion: Int64
    }

    private static func sourceFacts(_ source: EngineConnection, schema: String) throws(CipherError) -> SourceFacts {
        let prefix = quoteIdentifier(schema) + "."
        do {
            func integer(_ pragma: String) throws -> Int64 {
                if case .integer(let value)? = try source.scalar("PRAGMA \(prefix)\(pragma)") { return value }
                return 0
            }
            return SourceFacts(
                pageSize: Int(try integer("page_size")), pageCount: Int(try integer("page_count")),
                userVersion: try integer("user_version")
            )
        } catch {
            throw PageCodec.translate(error, on: source, schema: schema)
        }
    }

    /// Registers the new file's key so the codec encrypts it when `VACUUM INTO` creates it.
    private static func expect(_ path: String, format: CipherFormat, key: CipherKey, pageSize: Int) throws(CipherError) {
        var result = dp_key_result()
        let specification = KeySpecification(choice: .format(format), key: key, newFilePageSize: pageSize)
        let error = try withUnsafeMutablePointer(to: &result) { (resultPointer) throws(CipherError) -> Int32 in
            try specification.withSpec { spec in dp_expect_new_file(path, spec, resultPointer) }
        }
        guard error == Int32(DP_OK) else { throw CipherError(result: result, requested: .format(format)) }
    }

    /// Runs `VACUUM INTO` with the reserve and page size the target needs, reporting progress.
    private static func vacuumInto(
        _ path: String, from source: EngineConnection, schema: String, reserve: Int, pageSize: Int, sourcePageSize: Int,
        totalPages: Int, progress: ((CopyProgress) -> Bool)?
    ) throws(CipherError) {
        let prefix = quoteIdentifier(schema) + "."
        do {
            // The page size first: the page_size pragma also resets the wanted reserve.
            try source.execute("PRAGMA \(prefix)page_size = \(pageSize)")
            var wanted = Int32(reserve)
            // SQLITE_FCNTL_RESERVE_BYTES: VACUUM INTO reserves the larger of this and the source's reserve.
            _ = try source.fileControl(database: schema, operation: 38, argument: &wanted)
            defer { try? source.execute("PRAGMA \(prefix)page_size = \(sourcePageSize)") }
            try ProgressWatch.run(on: source, schema: schema, totalPages: totalPages, progress: progress) {
                try source.run("VACUUM \(quoteIdentifier(schema)) INTO ?", [.text(path)])
            }
        } catch let error as CipherError {
            throw error
        } catch let error as SQLiteError where error.code == ResultCode.interrupt {
            throw .cancelled
        } catch {
            throw PageCodec.translate(error, on: source, schema: schema)
        }
    }

    /// Opens the copy with its target key and checks it: integrity, user_version; puts WAL mode back if needed.
    private static func verify(
        _ path: String, target: CipherTarget, userVersion: Int64, walMode: Bool, vfs: String
    ) throws(CipherError) -> CopyReport {
        let connection: EngineConnection
        do {
            connection = try EngineConnection(path: path, options: OpenOptions(access: .readWrite, vfs: vfs))
        } catch {
            throw .sqlite(error)
        }
        defer { connection.close() }
        let applied = try PageCodec.apply(target.choice, key: target.key, to: connection)
        do {
            let check = try connection.scalar("PRAGMA quick_check")
            guard case .text("ok")? = check else {
                throw CipherError.verificationFailed(detail: "quick_check says \(check?.description ?? "nothing")")
            }
            let copied = try connection.userVersion
            guard copied == userVersion else {
                throw CipherError.verificationFailed(detail: "user_version is \(copied), the source's is \(userVersion)")
            }
            if walMode {
                guard case .text("wal")? = try connection.scalar("PRAGMA journal_mode = WAL") else {
                    throw CipherError.verificationFailed(detail: "the copy could not be put in WAL mode")
                }
            }
            var pageCount = 0
            if case .integer(let count)? = try connection.scalar("PRAGMA page_count") { pageCount = Int(count) }
            var pageSize = applied.pageSize
            if case .integer(let size)? = try connection.scalar("PRAGMA page_size") { pageSize = Int(size) }
            return CopyReport(
                path: path, format: applied.format, pageSize: pageSize, pageCount: pageCount, userVersion: copied,
                walMode: walMode
            )
        } catch {
            throw PageCodec.translate(error, on: connection)
        }
    }
}

/// Reports `VACUUM INTO` progress from the pages the codec VFS has read, through SQLite's progress handler.
enum ProgressWatch {
    private final class Box {
        let body: (CopyProgress) -> Bool
        let start: UInt64
        let total: Int

        init(body: @escaping (CopyProgress) -> Bool, start: UInt64, total: Int) {
            self.body = body
            self.start = start
            self.total = total
        }
    }

    static func run(
        on connection: EngineConnection, schema: String, totalPages: Int, progress: ((CopyProgress) -> Bool)?,
        _ work: () throws -> Void
    ) throws {
        guard let progress, let handle = connection.handle else { return try work() }
        try withoutActuallyEscaping(progress) { (escapable) throws -> Void in
            let start = (try? PageCodec.rawStatus(of: connection, schema: schema))?.pages_read ?? 0
            let box = Box(body: escapable, start: start, total: totalPages)
            let context = Unmanaged.passUnretained(box).toOpaque()
            let watch = dp_progress_watch(UnsafeMutableRawPointer(handle), schema, 2000, { context, pagesRead in
                guard let context else { return 0 }
                let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
                let done = min(Int(pagesRead &- box.start), box.total)
                return box.body(CopyProgress(phase: .copying, pagesDone: done, pagesTotal: box.total)) ? 0 : 1
            }, context)
            defer { dp_progress_unwatch(UnsafeMutableRawPointer(handle), watch) }
            try withExtendedLifetime(box) { try work() }
        }
    }
}
