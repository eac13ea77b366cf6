/// Names what follows from a porting trap in the same scenario, and tells a date *parsed* differently from a date
/// *written* differently.
///
/// A form difference rarely shows once: a UUID stored as a blob makes the later lookup by that UUID return `nil`,
/// an update by it return `false`, a uniqueness check accept a duplicate; a date written with a space sorts before
/// one with a `T` and changes what `createdAt < ?` returns. Each of those is a mismatch no rule recognises on its
/// own. Within one scenario, every such unnamed mismatch takes the trap of the scenario's root cause
/// (``PortingTrap/rootCauses``; a stored form first) and says so in ``Mismatch/followsFrom``; the root causes are
/// listed first.
package enum TrapConsequences {
    /// The scenario's mismatches (those no known difference covers) with consequences named, root causes first.
    ///
    /// - Parameter comparesRows: whether the stored rows were compared: only then does "no stored date differs"
    ///   mean the two sides stored the same date text, so a returned date that differs was parsed differently.
    package static func attribute(_ mismatches: [Mismatch], comparesRows: Bool) -> [Mismatch] {
        var result = mismatches
        if comparesRows, !result.contains(where: { $0.kind == .rows && $0.trap == .dateFormat }) {
            for index in result.indices where result[index].kind != .rows && result[index].trap == .dateFormat {
                result[index].trap = .dateParse
            }
        }
        let isRoot = { (mismatch: Mismatch) in mismatch.trap.map { PortingTrap.rootCauses.contains($0.id) } ?? false }
        guard let root = result.first(where: { $0.kind == .rows && isRoot($0) }) ?? result.first(where: isRoot),
              let trap = root.trap
        else { return result }
        let place = root.operation.map { "#\(root.operationIndex ?? 0) \($0) at \(root.field)" } ?? root.field
        for index in result.indices where result[index].trap == nil && consequenceKinds.contains(result[index].kind) {
            result[index].trap = trap
            result[index].followsFrom = "\(trap.id) at \(place)"
        }
        return result.filter { $0.followsFrom == nil } + result.filter { $0.followsFrom != nil }
    }

    /// Where a consequence shows: a returned value, a stored row, a value read back.
    private static let consequenceKinds: Set<Mismatch.Kind> = [.result, .rows, .readBack]
}
