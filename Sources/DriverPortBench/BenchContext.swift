import Foundation
import MMEXFixtures

/// What every case family gets: the configuration, a private scratch folder, the fixture cache, and where to say
/// what is running.
package final class BenchContext {
    package let configuration: BenchConfiguration
    /// A fresh folder for the run's own files (removed by the suite at the end).
    let workDirectory: URL
    let fixtures: FixtureCache
    /// The `driverport` executable to start for the memory probe (`nil`: the probe is skipped with a note).
    let probeExecutable: URL?
    private let progressSink: (String) -> Void
    /// Things the report should say (a case skipped, and why).
    private(set) var notes: [String] = []

    init(
        configuration: BenchConfiguration, workDirectory: URL, fixtures: FixtureCache, probeExecutable: URL?,
        progress: @escaping (String) -> Void
    ) {
        self.configuration = configuration
        self.workDirectory = workDirectory
        self.fixtures = fixtures
        self.probeExecutable = probeExecutable
        self.progressSink = progress
    }

    package func progress(_ text: String) { progressSink(text) }

    package func note(_ text: String) { notes.append(text) }

    /// A path in the scratch folder.
    func path(_ name: String) -> String { workDirectory.appendingPathComponent(name).path }

    /// The cached plain fixture with `transactions` transactions (made first if needed; read-only).
    func fixture(transactions: Int) throws -> String {
        progress("fixture: \(sizeLabel(transactions)) transactions (made once, then cached)")
        return try fixtures.path(transactions: transactions)
    }

    /// A private, writable copy of the plain fixture (main file only: the cached one has no sidecars).
    package func fixtureCopy(transactions: Int, name: String) throws -> String {
        let source = try fixture(transactions: transactions)
        let target = path(name)
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: source, toPath: target)
        return target
    }

    /// Measures `benchCase` with `runner` and reports progress.
    package func measure(_ benchCase: BenchCase, with runner: BenchRunner? = nil) throws -> [BenchResult] {
        try (runner ?? configuration.runner).measure(benchCase) { progress($0) }
    }
}
