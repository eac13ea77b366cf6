/// One place where two field trees differ.
struct FieldDifference: Equatable {
    /// `name`, `notes[2].value`, or `(result)` for the whole value.
    let path: String
    let baseline: String
    let candidate: String
}

extension FieldValue {
    /// Where `other` differs from `self`, deepest first-differing fields, at most `limit` of them.
    func differences(from other: FieldValue, limit: Int = 20) -> [FieldDifference] {
        var found: [FieldDifference] = []
        collectDifferences(self, other, path: "", into: &found, limit: limit)
        return found
    }
}

private func collectDifferences(
    _ baseline: FieldValue?, _ candidate: FieldValue?, path: String, into found: inout [FieldDifference], limit: Int
) {
    guard found.count < limit else { return }
    let shown = path.isEmpty ? "(result)" : path
    switch (baseline, candidate) {
    case (nil, nil):
        return
    case (.object(let left)?, .object(let right)?):
        for member in left {
            let other = right.first { $0.key == member.key }?.value
            collectDifferences(member.value, other ?? .null, path: join(path, member.key), into: &found, limit: limit)
        }
        for member in right where !left.contains(where: { $0.key == member.key }) {
            collectDifferences(.null, member.value, path: join(path, member.key), into: &found, limit: limit)
        }
    case (.array(let left)?, .array(let right)?):
        for index in 0..<max(left.count, right.count) {
            collectDifferences(
                index < left.count ? left[index] : nil, index < right.count ? right[index] : nil,
                path: path + "[\(index)]", into: &found, limit: limit
            )
        }
    default:
        let left = baseline ?? .null
        let right = candidate ?? .null
        if baseline == nil || candidate == nil || !left.isIdentical(to: right) {
            found.append(
                FieldDifference(
                    path: shown, baseline: baseline?.rendered() ?? "(absent)", candidate: candidate?.rendered() ?? "(absent)"
                )
            )
        }
    }
}

private func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : path + "." + key
}
