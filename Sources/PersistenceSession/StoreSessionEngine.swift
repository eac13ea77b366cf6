/// A `PersistenceSession` over any library that adopts ``SessionStore``: the session rules written once, for the
/// adapters over the real GRDB and SQLite.swift (package `Integrations`) and for an app's own.
///
/// - A read unit runs in the store's read-only unit, a write unit in one transaction of the store.
/// - A unit started inside another of the same session on the same thread throws
///   ``UnitOfWorkRules/nestedUnitOfWork`` (the library never sees it); a write on a read-only session throws
///   ``UnitOfWorkRules/readOnlySession(path:)``; every unit after ``close()`` throws ``PersistenceError/closed``.
/// - What a unit throws goes through `mapError` (an adapter's mapping of its library's errors to
///   ``PersistenceError``); errors of the app's own pass through unchanged.
/// - The `async` units run the synchronous ones off the caller's thread: a task cancelled before its unit starts
///   gets `CancellationError` and the unit never runs.
public final class StoreSessionEngine<Store: SessionStore, ReadContext, WriteContext>: PersistenceSession {
    /// The driver name the session reports, as the adapter gave it (for example `sqlite-swift` or `grdb-pool`).
    public let driver: DriverKind
    /// Where the database lives: a file path, or memory.
    public let location: SessionLocation
    /// Whether write units are allowed; on ``SessionAccess/readOnly`` every `write` throws before the store sees it.
    public let access: SessionAccess
    private let store: Store
    private let makeReadContext: @Sendable (StoreUnitOfWork<Store.Handle>) -> ReadContext
    private let makeWriteContext: @Sendable (StoreUnitOfWork<Store.Handle>) -> WriteContext
    private let mapError: @Sendable (_ error: any Error, _ path: String?) -> any Error
    private let onClose: @Sendable () -> Void
    private let closed = CloseOnce()
    private let nesting = NestedUnitGuard()

    /// Wraps a store the caller opened.
    ///
    /// - Parameters:
    ///   - store: the library's writer, from now on used only by the session.
    ///   - driver: what the session reports it runs on (an adapter's own name).
    ///   - location: where the database lives.
    ///   - access: whether write units are allowed.
    ///   - makeReadContext: the app's read context for one unit.
    ///   - makeWriteContext: the app's write context for one unit.
    ///   - mapError: the library's errors as ``PersistenceError`` (anything else unchanged).
    ///   - onClose: runs once, after the store closed.
    public init(
        store: Store, driver: DriverKind, location: SessionLocation, access: SessionAccess,
        makeReadContext: @escaping @Sendable (StoreUnitOfWork<Store.Handle>) -> ReadContext,
        makeWriteContext: @escaping @Sendable (StoreUnitOfWork<Store.Handle>) -> WriteContext,
        mapError: @escaping @Sendable (_ error: any Error, _ path: String?) -> any Error,
        onClose: @escaping @Sendable () -> Void = {}
    ) {
        self.store = store
        self.driver = driver
        self.location = location
        self.access = access
        self.makeReadContext = makeReadContext
        self.makeWriteContext = makeWriteContext
        self.mapError = mapError
        self.onClose = onClose
    }

    deinit {
        if closed.markClosed() {
            try? store.closeStore()
            onClose()
        }
    }

    /// Whether ``close()`` has run (or the session was released); every unit then throws
    /// ``PersistenceError/closed``.
    public var isClosed: Bool { closed.isClosed }

    /// Closes the store once (later calls do nothing), then runs `onClose`.
    public func close() throws {
        guard closed.markClosed() else { return }
        defer { onClose() }
        do {
            try store.closeStore()
        } catch {
            throw mapError(error, location.path)
        }
    }

    /// Runs `work` in the store's read-only unit, with a read context over its handle.
    ///
    /// - Parameter work: The app's reads; its repositories must not escape it.
    /// - Returns: What `work` returns.
    /// - Throws: ``PersistenceError/closed`` after ``close()``, ``UnitOfWorkRules/nestedUnitOfWork`` inside another
    ///   unit on this thread, the store's errors through `mapError`, and what `work` throws unchanged.
    public func read<T>(_ work: (ReadContext) throws -> T) throws -> T {
        try closed.check()
        return try unit { try store.readUnit { handle in try run(handle, makeReadContext, work) } }
    }

    /// Runs `work` in one transaction of the store: committed when it returns, rolled back when it throws.
    ///
    /// - Parameter work: The app's writes (and reads); its repositories must not escape it.
    /// - Returns: What `work` returns, once the transaction committed.
    /// - Throws: ``PersistenceError/closed`` after ``close()``, ``UnitOfWorkRules/readOnlySession(path:)`` on a
    ///   read-only session, ``UnitOfWorkRules/nestedUnitOfWork`` inside another unit on this thread, the store's
    ///   errors through `mapError`, and what `work` throws unchanged.
    public func write<T>(_ work: (WriteContext) throws -> T) throws -> T {
        try closed.check()
        if access == .readOnly { throw UnitOfWorkRules.readOnlySession(path: location.path) }
        return try unit { try store.writeUnit { handle in try run(handle, makeWriteContext, work) } }
    }

    /// The synchronous `read` off the calling task's thread; a task cancelled before it starts never runs it.
    public func read<T: Sendable>(_ work: @escaping @Sendable (ReadContext) throws -> T) async throws -> T {
        try await runUnitDetached { try self.read(work) }
    }

    /// The synchronous `write` off the calling task's thread; a task cancelled before it starts writes nothing, and
    /// a started unit commits or rolls back as a whole.
    public func write<T: Sendable>(_ work: @escaping @Sendable (WriteContext) throws -> T) async throws -> T {
        try await runUnitDetached { try self.write(work) }
    }

    /// One unit: nested units refused, the library's errors mapped.
    private func unit<T>(_ body: () throws -> T) throws -> T {
        try nesting.enter()
        defer { nesting.leave() }
        do {
            return try body()
        } catch {
            throw mapError(error, location.path)
        }
    }

    /// The app's closure with a context over `handle` and a fresh scope, ended when the closure returns or throws.
    private func run<Context, T>(
        _ handle: Store.Handle, _ makeContext: (StoreUnitOfWork<Store.Handle>) -> Context,
        _ work: (Context) throws -> T
    ) throws -> T {
        let scope = UnitScope()
        defer { scope.end() }
        return try work(makeContext(StoreUnitOfWork(handle: handle, scope: scope, location: location)))
    }
}
