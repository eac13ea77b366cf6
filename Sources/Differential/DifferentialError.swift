/// The harness itself could not run a scenario (as opposed to the two sides disagreeing).
public enum DifferentialError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source file could not be copied.
    case cannotCopy(path: String, reason: String)
    /// Neither side could open its copy (they agree, but nothing can be compared).
    case cannotOpen(path: String, baseline: String, candidate: String)
    /// The state left behind could not be read.
    case cannotInspect(side: String, reason: String)

    /// A one-line message naming the file or side and the underlying reason.
    public var description: String {
        switch self {
        case .cannotCopy(let path, let reason): "cannot copy \(path) for comparison: \(reason)"
        case .cannotOpen(let path, let baseline, let candidate):
            "neither side opens \(path): baseline: \(baseline); candidate: \(candidate)"
        case .cannotInspect(let side, let reason): "cannot read the \(side) database after the run: \(reason)"
        }
    }
}
