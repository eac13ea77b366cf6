import MMEXFixtures
import TestSupport
import Testing

@Suite("same seed, same rows")
struct DeterminismTests {
    @Test("two runs with the same seed write identical databases, row for row and byte for byte of content")
    func sameSeedSameRows() throws {
        let spec = FixtureSpec(transactions: 3000, seed: 42)
        let first = try GeneratedFixture(spec)
        let second = try GeneratedFixture(spec)
        #expect(try firstDifference(first, second) == nil)
        #expect(first.report == second.report)
    }

    @Test("a different seed writes different rows")
    func differentSeedDifferentRows() throws {
        let first = try GeneratedFixture(FixtureSpec(transactions: 300, seed: 1))
        let second = try GeneratedFixture(FixtureSpec(transactions: 300, seed: 2))
        #expect(try firstDifference(first, second) != nil)
    }

    @Test("the commit interval changes how rows are batched, not which rows are written")
    func commitIntervalDoesNotChangeContent() throws {
        let folder = TemporaryDirectory("fixture-test")
        let batched = folder.path("batched.mmb")
        try FixtureGenerator.generate(at: batched, spec: .sample, options: FixtureWriteOptions(commitEvery: 7))
        let reference = try GeneratedFixture(.sample)
        #expect(try firstDifference(file: batched, reference) == nil)
    }

    @Test("progress is reported up to the full count")
    func progressReachesTheEnd() throws {
        let folder = TemporaryDirectory("fixture-test")
        let recorder = ProgressRecorder()
        try FixtureGenerator.generate(
            at: folder.path("p.mmb"), spec: FixtureSpec(transactions: 2500, seed: 1),
            options: FixtureWriteOptions(progress: { recorder.values.append($0) })
        )
        #expect(recorder.values == [1000, 2000, 2500])
    }
}

/// Collects progress calls (the generator calls back on the caller's thread).
final class ProgressRecorder {
    var values: [Int] = []
}
