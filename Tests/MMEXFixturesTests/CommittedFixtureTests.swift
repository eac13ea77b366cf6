import MMEXFixtures
import MMEXSessionSupport
import TestSupport
import Testing

@Suite("the committed fixtures match the generator")
struct CommittedFixtureTests {
    /// `Fixtures/mmex-200.mmb`, made by `driverport fixture Fixtures/mmex-200.mmb --transactions 200 --seed 1`.
    static let committed = SharedData.repositoryRoot.appendingPathComponent("Fixtures/mmex-200.mmb").path

    @Test("Fixtures/mmex-200.mmb has exactly the rows the generator writes today for 200 transactions, seed 1")
    func plainFixtureMatchesRegeneration() throws {
        let regenerated = try GeneratedFixture(FixtureSpec(transactions: 200, seed: 1))
        let difference = try firstDifference(file: CommittedFixtureTests.committed, regenerated)
        #expect(difference == nil, """
            Fixtures/mmex-200.mmb drifted from the generator (\(difference ?? "")). If the change is intended, bump \
            FixtureGenerator.contentVersion and remake it with the command in Fixtures/README.md.
            """)
    }

    @Test("the sample data set is the committed fixture's spec")
    func sampleIsTheCommittedSpec() {
        #expect(FixtureSpec.sample == FixtureSpec(transactions: 200, seed: 1))
    }
}

@Suite("the sessions' bundled sample matches the generator")
struct BundledSampleTests {
    @Test("MMEXSessionSupport's sample.mmb resource has exactly the rows the generator writes for FixtureSpec.sample")
    func bundledSampleMatchesRegeneration() throws {
        let regenerated = try GeneratedFixture(FixtureSpec.sample)
        let difference = try firstDifference(file: try SampleDatabase.resourceURL().path, regenerated)
        #expect(difference == nil, """
            Sources/MMEXSessionSupport/Resources/sample.mmb drifted from the generator (\(difference ?? "")): remake it \
            with `driverport fixture Sources/MMEXSessionSupport/Resources/sample.mmb --transactions 200 --seed 1`.
            """)
    }
}
