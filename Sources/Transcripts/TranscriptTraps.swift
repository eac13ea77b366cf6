import Differential

/// A mismatch found while comparing, with the differential's view of it for the trap classifier.
struct Finding {
    var mismatch: TranscriptMismatch
    /// The same difference as a differential `Mismatch` (kind, the differential's field, both sides rendered as it
    /// renders them); `nil` for what no trap can name (scenarios or operations other than the recorded ones).
    var evidence: Mismatch?
}

/// Names the porting trap of every mismatch of a verification exactly as the differential names those of a run:
/// ``PortingTrap/classify(_:)`` on each, then `TrapConsequences` for what follows from a root cause, within each
/// scenario and, for a scenario with no root of its own, across the transcript (one pair of sides on one file, as a
/// differential slice is). Root causes come first in each scenario.
enum TranscriptTraps {
    /// The mismatches of every scenario, named and ordered; `rowsCompared[n]` says whether scenario `n`'s state was
    /// compared row by row wherever it differs.
    static func named(_ scenarios: [[Finding]], rowsCompared: [Bool]) -> [TranscriptMismatch] {
        // Each evidence carries its finding's index in `seed` (the attribution keeps every field but trap and
        // followsFrom), so the named mismatches find their findings again after being reordered.
        let classified: [[Mismatch]] = scenarios.map { findings in
            findings.indices.compactMap { index in
                guard var evidence = findings[index].evidence else { return nil }
                evidence.seed = UInt64(index)
                evidence.scenario = findings[index].mismatch.scenario
                evidence.trap = PortingTrap.classify(evidence)
                return evidence
            }
        }
        var attributed = zip(classified, rowsCompared).map { TrapConsequences.attribute($0, comparesRows: $1) }
        let transcriptRoots = TrapConsequences.roots(in: attributed.flatMap { $0 })
        for index in attributed.indices where TrapConsequences.roots(in: attributed[index]).isEmpty {
            attributed[index] = TrapConsequences.attribute(
                attributed[index], comparesRows: rowsCompared[index], sliceRoots: transcriptRoots
            )
        }
        var result: [TranscriptMismatch] = []
        for (findings, named) in zip(scenarios, attributed) {
            result += findings.filter { $0.evidence == nil }.map(\.mismatch)
            for evidence in named {
                guard let seed = evidence.seed, Int(seed) < findings.count else { continue }
                var mismatch = findings[Int(seed)].mismatch
                mismatch.trap = evidence.trap
                mismatch.followsFrom = evidence.followsFrom
                result.append(mismatch)
            }
        }
        return result
    }
}
