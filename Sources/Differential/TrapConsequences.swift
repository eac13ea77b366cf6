/// Names what follows from a porting trap, and tells a date *parsed* differently from a date *written* differently.
///
/// A form difference rarely shows once: a UUID stored as a blob makes the later lookup by that UUID return `nil`,
/// an update by it return `false`, a uniqueness check accept a duplicate; a date written with a space sorts before
/// one with a `T` and changes what `createdAt < ?` returns. Each of those is a mismatch no rule recognises on its
/// own. Every such unnamed mismatch takes the trap of a root cause (``PortingTrap/rootCauses``) found in the same
/// scenario or, failing that, elsewhere in the same slice (the same two sides on the same file), and says so in
/// ``Mismatch/followsFrom``. Of several roots it takes the one its evidence points to: a UUID in its values, a date in
/// its operation's or field's name, else a stored form first. Root causes are listed first. Fix the root, run again:
/// what is left then is unexplained.
package enum TrapConsequences {
    /// The scenario's mismatches (those no known difference covers) with consequences named, root causes first.
    ///
    /// - Parameters:
    ///   - comparesRows: whether the stored rows were compared: only then does "no stored date differs" mean the two
    ///     sides stored the same date text, so a returned date that differs was parsed differently.
    ///   - sliceRoots: root causes found in the slice's other scenarios, used when the scenario has none.
    package static func attribute(
        _ mismatches: [Mismatch], comparesRows: Bool, sliceRoots: [Mismatch] = []
    ) -> [Mismatch] {
        var result = mismatches
        if comparesRows, !result.contains(where: { $0.kind == .rows && $0.trap == .dateFormat }) {
            for index in result.indices where result[index].kind != .rows && result[index].trap == .dateFormat {
                result[index].trap = .dateParse
            }
        }
        let own = roots(in: result)
        let candidates = own.isEmpty ? sliceRoots : own
        guard !candidates.isEmpty else { return result }
        for index in result.indices where result[index].trap == nil && consequenceKinds.contains(result[index].kind) {
            let root = choose(for: result[index], among: candidates)
            guard let trap = root.trap else { continue }
            result[index].trap = trap
            result[index].followsFrom = "\(trap.id) at \(place(of: root))"
        }
        return result.filter { $0.followsFrom == nil } + result.filter { $0.followsFrom != nil }
    }

    /// The root causes among `mismatches`: stored forms first, one per trap.
    package static func roots(in mismatches: [Mismatch]) -> [Mismatch] {
        let named = mismatches.filter { mismatch in
            mismatch.followsFrom == nil && (mismatch.trap.map { PortingTrap.rootCauses.contains($0.id) } ?? false)
        }
        var seen: Set<String> = []
        return (named.filter { $0.kind == .rows } + named.filter { $0.kind != .rows }).filter { root in
            seen.insert(root.trap?.id ?? "").inserted
        }
    }

    /// Names the consequences in every scenario of a slice, with the roots any of its scenarios found.
    package static func attributeAcrossSlice(_ scenarios: [ScenarioReport], comparesRows: Bool) -> [ScenarioReport] {
        let sliceRoots = roots(in: scenarios.flatMap(\.mismatches))
        guard !sliceRoots.isEmpty else { return scenarios }
        return scenarios.map { scenario in
            var named = scenario
            named.mismatches = attribute(scenario.mismatches, comparesRows: comparesRows, sliceRoots: sliceRoots)
            return named
        }
    }

    /// The root `mismatch` most likely follows from.
    private static func choose(for mismatch: Mismatch, among roots: [Mismatch]) -> Mismatch {
        let name = ((mismatch.operation ?? "") + " " + mismatch.field).lowercased()
        let dated = ["date", "time", "created", "updated", "before", "after", "since", "until"].contains { name.contains($0) }
        let dateRoot = roots.first { $0.trap == .dateFormat || $0.trap == .dateParse }
        if dated, let dateRoot { return dateRoot }
        let values = mismatch.baseline + " " + mismatch.candidate
        if let uuidRoot = roots.first(where: { $0.trap == .uuidForm }), mentionsUUID(values) { return uuidRoot }
        return roots[0]
    }

    /// A UUID as text or as a 16-byte blob literal somewhere in `text`.
    private static func mentionsUUID(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count >= 32 else { return false }
        for start in characters.indices where start + 36 <= characters.count {
            if TrapRules.isUUIDText(String(characters[start..<start + 36])) { return true }
        }
        if let range = text.range(of: "x'") {
            let hex = text[range.upperBound...].prefix { $0.isHexDigit }
            return hex.count == 32
        }
        return false
    }

    private static func place(of root: Mismatch) -> String {
        let scenario = root.scenario.isEmpty ? "" : " (scenario \(root.scenario))"
        return (root.operation.map { "#\(root.operationIndex ?? 0) \($0) at \(root.field)" } ?? root.field) + scenario
    }

    /// Where a consequence shows: a returned value, a stored row, a value read back.
    private static let consequenceKinds: Set<Mismatch.Kind> = [.result, .rows, .readBack]
}
