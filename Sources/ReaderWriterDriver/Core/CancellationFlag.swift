import Synchronization

/// Set when the task awaiting an async access is cancelled; read by the thread running the access.
///
/// Statements check it before they start and cursors before each row; a progress handler checks it while a long
/// statement runs, so cancellation is honoured between statements and inside them.
@usableFromInline
final class CancellationFlag: Sendable {
    private let state = Atomic<Bool>(false)

    init() {}

    @usableFromInline
    var isCancelled: Bool { state.load(ordering: .relaxed) }

    func cancel() { state.store(true, ordering: .relaxed) }
}
