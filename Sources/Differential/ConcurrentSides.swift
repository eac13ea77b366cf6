import Dispatch

/// Runs the baseline's and the candidate's call of one step: one after the other, or at the same time on two
/// threads (``DifferentialHarness/runsSidesConcurrently``).
enum ConcurrentSides {
    /// `left()` and `right()`, in that order or at the same time; returns when both have.
    ///
    /// At the same time, `DispatchQueue.concurrentPerform` runs them as its two iterations (the calling thread takes
    /// one, a worker thread the other). Each writes only its own result, and both are read only after
    /// `concurrentPerform` returned, which it does after both iterations finished: each side's subject is used by
    /// one thread at a time. What the two calls share (the operation's closure and what it captured) is only read;
    /// that is the contract ``DifferentialHarness/runsSidesConcurrently`` states for turning this on.
    static func run<Left, Right>(concurrently: Bool, _ left: () -> Left, _ right: () -> Right) -> (Left, Right) {
        guard concurrently else {
            let first = left()
            return (first, right())
        }
        return withoutActuallyEscaping(left) { left in
            withoutActuallyEscaping(right) { right in
                let leftCall = Handoff(call: left)
                let rightCall = Handoff(call: right)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 { leftCall.run() } else { rightCall.run() }
                }
                guard let leftResult = leftCall.result, let rightResult = rightCall.result else {
                    // concurrentPerform returns only after every iteration ran: no input reaches this.
                    preconditionFailure("DispatchQueue.concurrentPerform returned before running both sides")
                }
                return (leftResult, rightResult)
            }
        }
    }

    /// One side's call and its result, handed to the thread that runs it and back.
    private final class Handoff<Result>: @unchecked Sendable {
        // @unchecked Sendable: `run()` is called by exactly one iteration of `concurrentPerform`, and `result` is
        // read only after `concurrentPerform` returned (its join orders the write before the read); no two threads
        // touch an instance at once. The call's own safety is the harness option's documented contract.
        private let call: () -> Result
        private(set) var result: Result?

        init(call: @escaping () -> Result) {
            self.call = call
        }

        func run() { result = call() }
    }
}
