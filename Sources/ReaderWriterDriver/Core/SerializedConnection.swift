import Dispatch
import SQLiteCipher
import SQLiteEngine

/// One connection behind a serial dispatch queue: every use of the connection runs as a job on that queue, one at a
/// time, synchronously (`sync`) or for an awaiting task (`async`).
///
/// The connection is opened by the first job (on the queue), so slow set-up such as a cipher's key derivation never
/// runs on a Swift concurrency thread; a failed open is retried by the next job.
final class SerializedConnection: @unchecked Sendable {
    // @unchecked Sendable: `core` and `isClosed` are only read and written by jobs running on `queue`, a serial
    // DispatchQueue (every method below reaches them through `queue.sync` or `queue.async`); `opener` is an
    // immutable Sendable closure.
    private let queue: DispatchQueue
    private let opener: @Sendable () throws -> ConnectionCore
    private var core: ConnectionCore?
    private var isClosed = false
    private let label: String
    /// Marks `queue`, so ``close(beforeClosing:)`` knows when it already runs there.
    private let queueMark = QueueMark()
    private static let markKey = DispatchSpecificKey<QueueMark>()

    init(queueLabel: String, label: String, opener: @escaping @Sendable () throws -> ConnectionCore) {
        self.queue = DispatchQueue(label: queueLabel)
        self.opener = opener
        self.label = label
        queue.setSpecific(key: Self.markKey, value: queueMark)
    }

    /// The open connection; opens it on first use. Runs on `queue` only.
    private func openCore() throws -> ConnectionCore {
        if isClosed { throw DatabaseError.closed(label: label) }
        if let core { return core }
        let opened = try opener()
        core = opened
        return opened
    }

    /// Runs `body` on the connection, blocking the calling thread until it is done.
    func sync<T>(_ body: (ConnectionCore) throws -> T) throws -> T {
        try queue.sync { try body(openCore()) }
    }

    /// Runs `body` on the connection for an awaiting task. Cancelling the task sets `cancellation`, which the
    /// access checks between statements and the progress handler checks inside them.
    ///
    /// `whenDone` runs on the queue as soon as `body` is done, before the task resumes: a pool gives its reader
    /// back there, so returning it never waits for a free Swift concurrency thread (which might all be blocked in
    /// synchronous reads waiting for that very reader).
    func async<T: Sendable>(
        cancellation: CancellationFlag, whenDone: (@Sendable () -> Void)? = nil,
        _ body: @escaping @Sendable (ConnectionCore) throws -> T
    ) async throws -> T {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                queue.async {
                    let result = Result { try body(self.openCore()) }
                    whenDone?()
                    continuation.resume(with: result)
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// Waits for the running job, then closes the connection; later jobs fail with ``DatabaseError/Kind/closed``.
    /// `beforeClosing` runs on the open connection first (if it was ever opened).
    ///
    /// Called on `queue` itself (a queue or pool released by the disposal of one of its own jobs, whose body is over),
    /// it closes at once instead of deadlocking on `queue.sync`.
    func close(beforeClosing: (ConnectionCore) throws -> Void = { _ in }) throws {
        if DispatchQueue.getSpecific(key: Self.markKey) === queueMark {
            try closeOnQueue(beforeClosing)
        } else {
            try queue.sync { try closeOnQueue(beforeClosing) }
        }
    }

    /// Closes the connection; runs on `queue`.
    private func closeOnQueue(_ beforeClosing: (ConnectionCore) throws -> Void) throws {
        guard !isClosed else { return }
        isClosed = true
        guard let core else { return }
        self.core = nil
        defer { core.close() }
        try beforeClosing(core)
    }
}

/// The identity of one connection's dispatch queue.
private final class QueueMark: Sendable {}

/// Opens and sets up connections as a configuration says.
enum ConnectionOpener {
    /// Opens a connection: busy mode and progress handler, then `prepareDatabase` (before any statement), then
    /// `foreign_keys`. Journal modes are the queue's and pool's business.
    /// `setUp` is the owner's part (journal mode, its observations...), run on each open, a reopen after a rekey
    /// included.
    static func open(
        path: String, configuration: Configuration, role: ConnectionCore.Role, label: String, owner: ObjectIdentifier,
        setUp: ((ConnectionCore) throws -> Void)? = nil
    ) throws -> ConnectionCore {
        let core: ConnectionCore
        do {
            core = try openOnce(path: path, configuration: configuration, role: role, label: label, owner: owner)
        } catch is NeedsPageCodec where configuration.vfs == nil {
            // `usePassphrase` in prepareDatabase needs the page codec's VFS: open again through it.
            var throughCodec = configuration
            throughCodec.vfs = PageCodec.vfsName
            core = try openOnce(path: path, configuration: throughCodec, role: role, label: label, owner: owner)
        }
        core.setUp = setUp
        try setUp?(core)
        return core
    }

    private static func openOnce(
        path: String, configuration: Configuration, role: ConnectionCore.Role, label: String, owner: ObjectIdentifier
    ) throws -> ConnectionCore {
        let readOnly = role == .poolReader || configuration.readonly
        let options = OpenOptions(
            access: readOnly ? .readOnly : .readWriteCreate, vfs: configuration.vfs, threading: .ownerSerialized)
        let engine: EngineConnection
        do {
            engine = try EngineConnection(path: path, options: options, library: configuration.library)
        } catch {
            throw DatabaseError(error)
        }
        let core = ConnectionCore(
            engine: engine, configuration: configuration, role: role, label: label, owner: owner)
        try core.prepare()
        return core
    }
}

/// The identity of a queue or pool, shared by its connections, for reentrancy checks.
final class AccessOwner: Sendable {
    var id: ObjectIdentifier { ObjectIdentifier(self) }

    /// Throws when the current thread is already inside an access of this database.
    func checkNotReentrant(_ access: AccessKind, label: String) throws {
        if AccessMarker.isInside(id) { throw DatabaseError.reentrant(access, label: label) }
    }
}
