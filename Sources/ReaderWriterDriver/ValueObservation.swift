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
/// pool that changed rows (committed, or rolled back: the value is then fetched again unchanged) triggers a new
/// fetch, in a read access that sees at least that write. Values are delivered in order. Writes of other processes
/// or other queues on the same file are not seen (as in GRDB).
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
                kind: .invalidConfiguration, extendedResultCode: ResultCode.misuse,
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

/// One started observation: fetches on its own serial queue, so values are delivered in order.
final class ValueObserver<Value>: ObserverProtocol, Sendable {
    private let queue = DispatchQueue(label: "driverport.observation")
    private let read: @Sendable () throws -> Value
    private let onError: @Sendable (any Error) -> Void
    private let onChange: @Sendable (Value) -> Void
    private let stopped = Locked(false)

    init(
        writer: some DatabaseWriter, fetch: @escaping @Sendable (Database) throws -> Value,
        onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (Value) -> Void
    ) {
        self.read = { try writer.read(fetch) }
        self.onError = onError
        self.onChange = onChange
    }

    /// Fetches the value (on the observation's queue, after any fetch already asked for) and delivers it.
    func refresh() {
        queue.async { [self] in
            guard !stopped.withLock({ $0 }) else { return }
            do {
                onChange(try read())
            } catch {
                stopped.withLock { $0 = true }
                onError(error)
            }
        }
    }
}

protocol ObserverProtocol: AnyObject, Sendable {
    func refresh()
}

/// The observations of one queue or pool; the writer connection tells it when a write changed rows.
final class ObservationRegistry: Sendable {
    private let observers = Locked<[Int: any ObserverProtocol]>([:])
    private let nextToken = Locked(0)

    static func of(_ writer: some DatabaseWriter) -> ObservationRegistry? {
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

    /// Runs on the writer connection's queue, right after the write access: each observation fetches anew
    /// asynchronously (its read waits for the writer to be free on a queue, and sees the write on a pool).
    func writeDidChangeRows() {
        for observer in observers.withLock({ Array($0.values) }) { observer.refresh() }
    }
}
