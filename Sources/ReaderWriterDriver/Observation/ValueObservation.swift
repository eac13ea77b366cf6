import Dispatch
import SQLiteEngine

/// Tracks a value fetched from the database and delivers it again after each write of the same queue or pool that
/// changed rows, as GRDB's `ValueObservation`:
///
/// ```swift
/// let observation = ValueObservation.tracking { db in try Player.fetchAll(db) }
/// for try await players in observation.values(in: dbQueue) { ... }
/// ```
///
/// The first value is fetched when the observation starts. After that, every write access of the same queue or
/// pool that changed rows of a table the last fetch read (committed, or rolled back: the value is then fetched
/// again unchanged) triggers a new fetch, in a read access that sees at least that write. As GRDB tracks the
/// region a request reads, the driver records the tables each fetch reads (SQLite's authorizer) and the tables
/// each write changes (its update hook): a write to other tables fetches nothing. Values are delivered in order.
/// Writes of other processes or other queues on the same file are not seen (as in GRDB).
public struct ValueObservation<Value>: Sendable {
    let fetch: @Sendable (Database) throws -> Value

    /// An observation of the value `fetch` returns.
    public static func tracking(_ fetch: @escaping @Sendable (Database) throws -> Value) -> ValueObservation<Value> {
        ValueObservation(fetch: fetch)
    }

    /// Starts observing: `onChange` gets the first value, then a new one after each write that changed rows;
    /// `onError` gets a fetch error, after which the observation stops. Both run on a serial queue of the
    /// observation (GRDB delivers on the main queue by default). Observing stops when the returned cancellable is
    /// cancelled or deallocated.
    public func start(
        in writer: some DatabaseWriter, onError: @escaping @Sendable (any Error) -> Void,
        onChange: @escaping @Sendable (Value) -> Void
    ) -> AnyDatabaseCancellable {
        guard let registry = ObservationRegistry.of(writer) else {
            onError(DatabaseError(
                kind: .invalidConfiguration, extendedResultCode: .SQLITE_MISUSE,
                message: "ValueObservation needs a DatabaseQueue or DatabasePool"))
            return AnyDatabaseCancellable {}
        }
        let observer = ValueObserver(writer: writer, fetch: fetch, onError: onError, onChange: onChange)
        let token = registry.add(observer)
        observer.refresh()
        return AnyDatabaseCancellable { registry.remove(token) }
    }

    /// The values as an async sequence: the first one, then one after each write that changed rows.
    public func values(in writer: some DatabaseWriter) -> AsyncThrowingStream<Value, any Error> where Value: Sendable {
        AsyncThrowingStream { continuation in
            let cancellable = start(
                in: writer, onError: { continuation.finish(throwing: $0) }, onChange: { continuation.yield($0) })
            continuation.onTermination = { _ in cancellable.cancel() }
        }
    }
}

/// Stops an observation when cancelled or deallocated, as GRDB's `AnyDatabaseCancellable`.
public final class AnyDatabaseCancellable: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    init(_ onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Locked(onCancel)
    }

    /// Stops the observation (later calls do nothing).
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { cancel() }
}

/// One started observation: fetches on its own serial queue, so values are delivered in order, and remembers the
/// tables its last fetch read, so a write to other tables does not fetch again.
final class ValueObserver<Value>: ObserverProtocol, Sendable {
    private let queue = DispatchQueue(label: "driverport.observation")
    private let read: @Sendable () throws -> (value: Value, tables: TableNames?)
    private let onError: @Sendable (any Error) -> Void
    private let onChange: @Sendable (Value) -> Void
    private let state = Locked(ObserverState())

    init(
        writer: some DatabaseWriter, fetch: @escaping @Sendable (Database) throws -> Value,
        onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (Value) -> Void
    ) {
        self.read = { try writer.read { db in try db.recordingReadTables { try fetch(db) } } }
        self.onError = onError
        self.onChange = onChange
    }

    /// Fetches the value (on the observation's queue, after any fetch already asked for) and delivers it.
    func refresh() {
        let wanted = state.withLock { state in
            guard !state.stopped else { return false }
            state.pendingFetches += 1
            state.requestedFetches += 1
            return true
        }
        if wanted { enqueueFetch() }
    }

    /// Fetches again when the write changed a table the last fetch read (`nil`: unknown tables, so it may have).
    /// While a fetch is pending its tables are not known yet, so every write counts.
    func writeDidChange(tables: TableNames?) {
        let wanted = state.withLock { state in
            guard !state.stopped else { return false }
            if state.pendingFetches == 0, let region = state.region, let tables, region.isDisjoint(with: tables) {
                return false
            }
            state.pendingFetches += 1
            state.requestedFetches += 1
            return true
        }
        if wanted { enqueueFetch() }
    }

    var requestedFetchCount: Int { state.withLock { $0.requestedFetches } }

    private func enqueueFetch() {
        queue.async { [self] in
            guard !state.withLock({ $0.stopped }) else { return }
            do {
                let fetched = try read()
                state.withLock { state in
                    state.region = fetched.tables
                    state.pendingFetches -= 1
                }
                onChange(fetched.value)
            } catch {
                state.withLock { $0.stopped = true }
                onError(error)
            }
        }
    }
}

/// What an observer knows between fetches; guarded by its `Locked`.
private struct ObserverState {
    var stopped = false
    /// Fetches asked for and not finished.
    var pendingFetches = 0
    /// Fetches asked for since the start.
    var requestedFetches = 0
    /// The tables the last fetch read; `nil` before the first fetch or when the engine cannot tell.
    var region: TableNames?
}

protocol ObserverProtocol: AnyObject, Sendable {
    func refresh()
    func writeDidChange(tables: TableNames?)
    /// How many fetches were asked for since the observation started.
    var requestedFetchCount: Int { get }
}

/// The observations of one queue or pool; the writer connection tells it which tables a write changed.
final class ObservationRegistry: Sendable {
    private let observers = Locked<[Int: any ObserverProtocol]>([:])
    private let nextToken = Locked(0)

    static func of(_ writer: any DatabaseWriter) -> ObservationRegistry? {
        if let queue = writer as? DatabaseQueue { return queue.observations }
        if let pool = writer as? DatabasePool { return pool.observations }
        return nil
    }

    func add(_ observer: any ObserverProtocol) -> Int {
        let token = nextToken.withLock { token in
            defer { token += 1 }
            return token
        }
        observers.withLock { $0[token] = observer }
        return token
    }

    func remove(_ token: Int) {
        _ = observers.withLock { $0.removeValue(forKey: token) }
    }

    /// The fetches the observations were asked for so far. The writer asks before a write access returns, so a
    /// write that fetched nothing leaves it unchanged: how the tests see that a write was ignored without waiting
    /// for a value that never comes.
    var requestedFetchCount: Int { observers.withLock { Array($0.values) }.reduce(0) { $0 + $1.requestedFetchCount } }

    /// Whether any observation is started (the writer then records which tables its writes change).
    var hasObservers: Bool { observers.withLock { !$0.isEmpty } }

    /// Runs on the writer connection's queue, right after a write access that changed rows in `tables` (`nil`:
    /// unknown tables): each observation that read one of them fetches anew asynchronously (its read waits for the
    /// writer to be free on a queue, and sees the write on a pool).
    func writeDidChange(tables: TableNames?) {
        for observer in observers.withLock({ Array($0.values) }) { observer.writeDidChange(tables: tables) }
    }
}
