import Dispatch

/// The read-only connections of a ``DatabasePool``: lends them to reads, creates them on demand up to a maximum,
/// queues reads when all are busy, and holds new reads back while a barrier waits for the running ones.
final class ReaderPool: Sendable {
    /// A read waiting for a connection.
    private enum Waiter {
        case blocking(BlockingSlot)
        case suspended(CheckedContinuation<SerializedConnection, any Error>)

        func resume(with result: Result<SerializedConnection, any Error>) {
            switch self {
            case .blocking(let slot): slot.fill(result)
            case .suspended(let continuation): continuation.resume(with: result)
            }
        }
    }

    private struct State {
        var idle: [SerializedConnection] = []
        var created = 0
        var leased = 0
        var peakLeased = 0
        var barrierActive = false
        var barrierWaiter: BlockingSlot?
        var waiters: [(id: Int, waiter: Waiter)] = []
        var nextWaiterID = 0
        var closed = false

        /// A connection for a new read, if one may start now.
        mutating func lend(maximum: Int, make: (Int) -> SerializedConnection) -> SerializedConnection? {
            guard !barrierActive, !closed else { return nil }
            let reader: SerializedConnection
            if let idleReader = idle.popLast() {
                reader = idleReader
            } else if created < maximum {
                created += 1
                reader = make(created)
            } else {
                return nil
            }
            leased += 1
            peakLeased = max(peakLeased, leased)
            return reader
        }

        /// Lends connections to waiting reads, in order, while possible.
        mutating func serveWaiters(
            maximum: Int, make: (Int) -> SerializedConnection
        ) -> [(Waiter, SerializedConnection)] {
            var served: [(Waiter, SerializedConnection)] = []
            while let first = waiters.first, let reader = lend(maximum: maximum, make: make) {
                waiters.removeFirst()
                served.append((first.waiter, reader))
            }
            return served
        }
    }

    private let state = Locked(State())
    private let maximum: Int
    private let label: String
    private let makeReader: @Sendable (Int) -> SerializedConnection

    init(maximum: Int, label: String, makeReader: @escaping @Sendable (Int) -> SerializedConnection) {
        self.maximum = maximum
        self.label = label
        self.makeReader = makeReader
    }

    // MARK: Lending

    /// A connection for a read, blocking the calling thread while none is free or a barrier is pending.
    func acquire() throws -> SerializedConnection {
        let slot = BlockingSlot()
        let immediate: Result<SerializedConnection, any Error>? = state.withLock { state in
            if state.closed { return .failure(DatabaseError.closed(label: label)) }
            if state.waiters.isEmpty, let reader = state.lend(maximum: maximum, make: makeReader) {
                return .success(reader)
            }
            state.nextWaiterID += 1
            state.waiters.append((state.nextWaiterID, .blocking(slot)))
            return nil
        }
        return try (immediate ?? slot.wait()).get()
    }

    /// A connection for a read, suspending the task while none is free or a barrier is pending. A cancelled task
    /// stops waiting with `CancellationError`.
    func acquire() async throws -> SerializedConnection {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<SerializedConnection, any Error>) in
                let immediate: Result<SerializedConnection, any Error>? = state.withLock { state in
                    if state.closed { return .failure(DatabaseError.closed(label: label)) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.waiters.isEmpty, let reader = state.lend(maximum: maximum, make: makeReader) {
                        return .success(reader)
                    }
                    state.waiters.append((id, .suspended(continuation)))
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let removed: Waiter? = state.withLock { state in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).waiter
            }
            removed?.resume(with: .failure(CancellationError()))
        }
    }

    /// Gives a connection back after a read: to the next waiting read, or to the idle list.
    func release(_ reader: SerializedConnection) {
        let (served, barrier): ([(Waiter, SerializedConnection)], BlockingSlot?) = state.withLock { state in
            state.leased -= 1
            state.idle.append(reader)
            var barrier: BlockingSlot?
            if state.barrierActive, state.leased == 0 {
                barrier = state.barrierWaiter
                state.barrierWaiter = nil
            }
            return (state.serveWaiters(maximum: maximum, make: makeReader), barrier)
        }
        for (waiter, reader) in served { waiter.resume(with: .success(reader)) }
        barrier?.fill(.success(reader))
    }

    // MARK: Barrier

    /// Holds new reads back and blocks until the running ones are done.
    func beginBarrier() {
        let slot: BlockingSlot? = state.withLock { state in
            state.barrierActive = true
            guard state.leased > 0 else { return nil }
            let slot = BlockingSlot()
            state.barrierWaiter = slot
            return slot
        }
        _ = slot?.wait()
    }

    /// Lets reads start again.
    func endBarrier() {
        let served = state.withLock { state in
            state.barrierActive = false
            return state.serveWaiters(maximum: maximum, make: makeReader)
        }
        for (waiter, reader) in served { waiter.resume(with: .success(reader)) }
    }

    // MARK: Invalidation

    /// Takes the idle connections out of the pool (so the next reads open new ones) and returns them so the caller
    /// closes them. Connections lent to running reads are not affected.
    func takeIdle() -> [SerializedConnection] {
        state.withLock { state in
            let idle = state.idle
            state.idle.removeAll()
            state.created -= idle.count
            return idle
        }
    }

    /// Closes the idle connections (see ``takeIdle()``).
    func closeIdle() {
        for reader in takeIdle() { try? reader.close() }
    }

    // MARK: Closing

    /// Waits for running reads, fails waiting ones, and returns every connection so the caller closes them.
    func close() -> [SerializedConnection] {
        beginBarrier()
        let (waiters, readers) = state.withLock { state in
            state.closed = true
            let waiters = state.waiters.map(\.waiter)
            state.waiters.removeAll()
            let readers = state.idle
            state.idle.removeAll()
            return (waiters, readers)
        }
        for waiter in waiters { waiter.resume(with: .failure(DatabaseError.closed(label: label))) }
        return readers
    }

    // MARK: Observation (tests, diagnostics)

    /// Whether a barrier is waiting for running reads to end.
    var isBarrierWaiting: Bool { state.withLock { $0.barrierWaiter != nil } }
    /// How many reads are running now.
    var runningReadCount: Int { state.withLock { $0.leased } }
    /// The most reads that ran at the same time.
    var peakRunningReadCount: Int { state.withLock { $0.peakLeased } }
    /// How many reads wait for a connection.
    var waitingReadCount: Int { state.withLock { $0.waiters.count } }
    /// How many connections were created.
    var createdCount: Int { state.withLock { $0.created } }
}

/// A result handed from one thread to another that blocks until it arrives.
final class BlockingSlot: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let result = Locked<Result<SerializedConnection, any Error>?>(nil)

    func fill(_ value: Result<SerializedConnection, any Error>) {
        result.withLock { $0 = value }
        semaphore.signal()
    }

    func wait() -> Result<SerializedConnection, any Error> {
        semaphore.wait()
        return result.withLock { $0 } ?? .failure(CancellationError())
    }
}
