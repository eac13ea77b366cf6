/// Finds a shorter operation sequence that still fails the same way: cut after the first failing operation, then
/// delta debugging (remove chunks, halving their size, keep any removal that still fails).
struct Shrinker<Element> {
    /// Re-runs a candidate sequence; `true` when it still fails the same way.
    let stillFails: ([Element]) -> Bool
    /// How many re-runs may be spent.
    let budget: Int

    func shrink(_ sequence: [Element], firstFailingIndex: Int?) -> [Element] {
        var current = sequence
        var runs = 0
        func test(_ candidate: [Element]) -> Bool {
            guard runs < budget else { return false }
            runs += 1
            return stillFails(candidate)
        }
        if let index = firstFailingIndex, index + 1 < current.count {
            let prefix = Array(current[...index])
            if test(prefix) { current = prefix }
        }
        var granularity = 2
        while current.count >= 2 && runs < budget {
            let chunk = (current.count + granularity - 1) / granularity
            var reduced = false
            var start = 0
            while start < current.count && runs < budget {
                var complement = current
                complement.removeSubrange(start..<min(start + chunk, current.count))
                if !complement.isEmpty && test(complement) {
                    current = complement
                    granularity = max(granularity - 1, 2)
                    reduced = true
                    break
                }
                start += chunk
            }
            if !reduced {
                if granularity >= current.count { break }
                granularity = min(current.count, granularity * 2)
            }
        }
        return current
    }
}
