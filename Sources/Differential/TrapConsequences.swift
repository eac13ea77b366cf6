/// Names what follows from a porting trap, and tells a date *parsed* differently from a date *written* differently.
///
/// A form difference rarely shows once: a UUID stored as a blob makes the later lookup by that UUID return `nil`,
/// an update by it return `false`, a uniqueness check accept a duplicate; a date written with a space sorts before
/// one with a `T` and changes what `createdAt < ?` returns. Each of those is a mismatch no rule recognises on its
/// own. An unnamed mismatch takes the trap of a root cause (``PortingTrap/rootCauses``) and says so in
/// ``Mismatch/followsFrom``:
/// - of the same scenario: the root its evidence points to (a UUID in its values, a date in its operation's or
///   field's name, the root's column in its field or values, a row gone on one side after a foreign-key root),
///   else the scenario's first root (booleans, counts and orderings that follow a form difference);
/// - of another scenario of the slice (the same two sides on the same file) only on such evidence, never by
///   default: a mismatch with no evidence and no root in its own scenario stays unnamed, so a cause the catalogue
///   does not know shows as unexplained rather than under another cause's name.
/// A write's differing answer the harness named ``PortingTrap/changesVersusMatches`` keeps that name only when the
/// scenario's stored rows were compared and differ at most in form (``PortingTrap/sameValueForms``); otherwise it is
/// named as any other mismatch is.
/// Root causes are listed first. Fix the root, run again: what is left then is unexplained.
package enum TrapConsequences {
    /// The scenario's mismatches (those no known difference covers) with consequences named, root causes first.
    ///
    /// - Parameters:
    ///   - comparesRows: whether the stored rows were compared: only then does "no stored date differs" mean the two
    ///     sides stored the same date text, so a returned date that differs was parsed differently.
    ///   - sliceRoots: root causes found in the slice's other scenarios, taken on evidence only.
    package static func attribute(
        _ mismatches: [Mismatch], comparesRows: Bool, sliceRoots: [Mismatch] = []
    ) -> [Mismatch] {
        var result = mismatches
        // A write's differing answer stands only where the stored rows show the same data on both sides.
        if !storedRowsAgree(result, comparesRows: comparesRows) {
            for index in result.indices where result[index].trap == .changesVersusMatches { result[index].trap = nil }
        }
        if comparesRows, !result.contains(where: { $0.kind == .rows && $0.trap == .dateFormat }) {
            for index in result.indices where result[index].kind != .rows && result[index].trap == .dateFormat {
                result[index].trap = .dateParse
            }
        }
        let own = roots(in: result)
        if !own.isEmpty {
            name(&result, among: own, byDefault: true)
        } else if !sliceRoots.isEmpty {
            name(&result, among: sliceRoots, byDefault: false)
            // What this scenario's evidence tied to a root stands for it in the rest of the scenario (the totals
            // after a cascade the other side did not run).
            if let first = result.first(where: { $0.followsFrom != nil }) {
                for index in result.indices where result[index].trap == nil && consequenceKinds.contains(result[index].kind) {
                    result[index].trap = first.trap
                    result[index].followsFrom = first.followsFrom
                }
            }
        }
        return result.filter { $0.followsFrom == nil } + result.filter { $0.followsFrom != nil }
    }

    /// Whether the stored rows were compared and differ at most in form (``PortingTrap/sameValueForms``): no row on
    /// one side only, no NULL against a value, no other value.
    private static func storedRowsAgree(_ mismatches: [Mismatch], comparesRows: Bool) -> Bool {
        comparesRows && mismatches.allSatisfy { mismatch in
            mismatch.kind != .rows
                || (mismatch.followsFrom == nil && mismatch.trap.map { PortingTrap.sameValueForms.contains($0.id) } ?? false)
        }
    }

    /// Names every unnamed consequence in `mismatches` after the root among `roots` its evidence points to, or
    /// (with `byDefault`) the first root.
    private static func name(_ mismatches: inout [Mismatch], among roots: [Mismatch], byDefault: Bool) {
        for index in mismatches.indices where mismatches[index].trap == nil && consequenceKinds.contains(mismatches[index].kind) {
            guard let root = evidence(for: mismatches[index], among: roots) ?? (byDefault ? roots.first : nil),
                  let trap = root.trap
            else { continue }
            mismatches[index].trap = trap
            mismatches[index].followsFrom = "\(trap.id) at \(place(of: root))"
        }
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

    /// The root `mismatch`'s own evidence points to, if any: a date in its name, a UUID in its values, a row gone on
    /// one side after a foreign-key root, a NULL against a value after a NULL root, the root's column in its field or
    /// values.
    private static func evidence(for mismatch: Mismatch, among roots: [Mismatch]) -> Mismatch? {
        let name = ((mismatch.operation ?? "") + " " + mismatch.field).lowercased()
        let dated = ["date", "time", "created", "updated", "before", "after", "since", "until"].contains { name.contains($0) }
        if dated, let dateRoot = roots.first(where: { $0.trap == .dateFormat || $0.trap == .dateParse }) { return dateRoot }
        let values = mismatch.baseline + " " + mismatch.candidate
        if let uuidRoot = roots.first(where: { $0.trap == .uuidForm }), mentionsUUID(values) { return uuidRoot }
        if mismatch.kind == .rows, (mismatch.baseline == "(absent)") != (mismatch.candidate == "(absent)"),
           let foreignKeyRoot = roots.first(where: { $0.trap == .foreignKeyOneSide }) {
            return foreignKeyRoot
        }
        if (mismatch.baseline == "null") != (mismatch.candidate == "null"),
           let nullRoot = roots.first(where: { $0.trap == .nullOnOneSide }) {
            return nullRoot
        }
        let text = (name + " " + values).lowercased()
        return roots.first { root in
            guard let column = column(of: root), column.count >= 3 else { return false }
            return mentions(text, word: column)
        }
    }

    /// The column a stored-row root is in (`accounts[rowid 1].kind` -> `kind`).
    private static func column(of root: Mismatch) -> String? {
        guard root.kind == .rows, let range = root.field.range(of: "].") else { return nil }
        return String(root.field[range.upperBound...]).lowercased()
    }

    /// Whether `word` occurs in `text` as a whole word (letters, digits and `_` around it do not count).
    private static func mentions(_ text: String, word: String) -> Bool {
        var searchStart = text.startIndex
        while let range = text.range(of: word, range: searchStart..<text.endIndex) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            let isWordCharacter = { (character: Character?) in
                character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
            }
            if !isWordCharacter(before), !isWordCharacter(after) { return true }
            searchStart = range.upperBound
        }
        return false
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
