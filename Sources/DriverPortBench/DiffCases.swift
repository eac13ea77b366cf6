import Foundation
import MMEXFixtures
import SQLiteCipher

/// The `diff` family (issue 20): `driverport diff` and `driverport inspect` timed as a user runs them, each run a
/// child process of the `driverport` executable (as the memory probe's are), so its peak resident memory is its own.
///
/// - `diff-ciphers-SIZE`: the infotable, currencies and accounts slices (infotable only in the quick run) on the
///   mmex-size fixture plain (baseline), as SQLCipher v4 and as wxSQLite3 AES-128 (exports of the plain one), same
///   seed and operations.
/// - `diff-scale-SLICE`: one slice on the 200-transaction fixture (baseline) and on the mmex-size one (infotable,
///   currencies and accounts; infotable and accounts in the quick run; transactions, whose goal is 10x, when a
///   configuration lists it: the full run leaves it out for time).
/// - `diff-largest-SIZE-infotable`: the infotable slice once on the largest fixture (1M in the full run), for its
///   peak memory.
/// - `inspect-ciphers-SIZE`: `inspect` of the plain and the SQLCipher v4 fixture, with the key derivations the
///   command reports (`DRIVERPORT_REPORT_KEY_DERIVATIONS=1`).
///
/// Each diff run also reports where its time went (figures `copiesSeconds`, `operationsSeconds`, `readBackSeconds`,
/// `stateSeconds`, from `diff --report-phases`), so operations whose own cost grows with the data are told apart
/// from the harness's overhead. Every case runs at the long runner's rounds (whole commands take seconds).
/// Every run must exit 0 (no mismatch); the operations run (rows) and the mismatches (checksum) are compared across
/// implementations like every case's. The passphrase reaches the child in an environment variable
/// (``keyVariable``, named by `--key-env`; `bench --help` lists it).
enum DiffCases {
    static let family = BenchFamily.diff.rawValue
    static let plainName = "plain"
    static let cipherFormats: [CipherFormat] = [.sqlcipher4, .aes128]
    /// Slices whose own work grows with the data (a scenario over every transaction): their scale goal is 10x.
    static let growingSlices: Set<String> = ["transactions"]
    static let keyVariable = "DRIVERPORT_BENCH_DIFF_KEY"
    static let seed = 1

    static func run(_ context: BenchContext) throws -> [BenchResult] {
        guard let executable = context.probeExecutable else {
            context.note("diff: skipped (no driverport executable to run the commands in child processes)")
            return []
        }
        let configuration = context.configuration
        let large = configuration.mmexTransactions
        let label = sizeLabel(large)
        let key = try CipherKey(passphrase: CodecCases.passphrase)
        let plain = try context.fixture(transactions: large)
        var encrypted: [(name: String, path: String)] = []
        for format in cipherFormats {
            context.progress("fixture: \(label) transactions as \(format.rawValue) (made once, then cached)")
            let path = try context.fixtures.path(transactions: large, cipher: CipherTarget(format: format, key: key))
            encrypted.append((format.rawValue, path))
        }
        let runs = Runs(executable: executable, context: context)
        var results: [BenchResult] = []
        let cipherDiffs = [(plainName, plain)] + encrypted
        results += try context.measure(BenchCase(
            name: "diff-ciphers-\(label)", family: family, baseline: plainName, baselineIsRawC: false,
            implementations: cipherDiffs.map { entry in
                .init(entry.name) {
                    try runs.diff(entry.path, encrypted: entry.name != plainName, slices: configuration.diffCipherSlices)
                }
            }), with: configuration.longRunner)
        let smallCount = configuration.diffSmallTransactions
        let small = try context.fixture(transactions: smallCount)
        let sizes = [("\(sizeLabel(smallCount)) transactions", small), ("\(label) transactions", plain)]
        if smallCount == large { context.note("diff: no scale cases (the small and the mmex fixture are the same size)") }
        for slice in configuration.diffScaleSlices where smallCount != large {
            results += try context.measure(BenchCase(
                name: "diff-scale-\(slice)", family: family, baseline: sizes[0].0, baselineIsRawC: false,
                implementations: sizes.map { entry in
                    .init(entry.0) { try runs.diff(entry.1, encrypted: false, slices: slice) }
                }), with: configuration.longRunner)
        }
        if let largest = configuration.diffLargestTransactions {
            let path = try context.fixture(transactions: largest)
            results += try context.measure(BenchCase(
                name: "diff-largest-\(sizeLabel(largest))-infotable", family: family, baseline: nil, baselineIsRawC: false,
                implementations: [.init("\(sizeLabel(largest)) transactions") {
                    try runs.diff(path, encrypted: false, slices: "infotable")
                }]), with: BenchRunner(minimumRounds: 1, maximumRounds: 1))
        }
        let inspections = [(plainName, plain)] + encrypted.filter { $0.name == CipherFormat.sqlcipher4.rawValue }
        results += try context.measure(BenchCase(
            name: "inspect-ciphers-\(label)", family: family, baseline: plainName, baselineIsRawC: false,
            implementations: inspections.map { entry in
                .init(entry.0) { try runs.inspect(entry.1, encrypted: entry.0 != plainName) }
            }))
        return results.map(childCPU)
    }

    /// The runner's CPU figures are the bench process's own (here only starting and waiting for a child): they are
    /// replaced by the child's CPU time, and the CPU ratio is dropped.
    static func childCPU(_ result: BenchResult) -> BenchResult {
        var result = result
        result.medianCPUSeconds = result.extra?["childCPUSeconds"]
        result.cpuRatioToBaseline = nil
        return result
    }

    /// Starts the commands and turns what they did into outcomes.
    struct Runs {
        let executable: URL
        let context: BenchContext

        func diff(_ path: String, encrypted: Bool, slices: String) throws -> BenchOutcome {
            var arguments = [
                "diff", path, "--slices", slices, "--seed", "\(seed)",
                "--operations", "\(context.configuration.diffOperations)", "--json", "--report-phases",
            ]
            if encrypted { arguments += ["--key-env", keyVariable] }
            let outcome = try start(arguments, encrypted: encrypted)
            let report = try JSONDecoder().decode(DiffJSON.self, from: outcome.standardOutput)
            guard outcome.status == 0 else {
                throw ChildCommand.Failure(description: "driverport diff \(path) --slices \(slices) found "
                    + "\(report.slices.reduce(0) { $0 + $1.mismatches }) mismatches (exit \(outcome.status))")
            }
            let mismatches = report.slices.reduce(0) { $0 + $1.mismatches }
            return BenchOutcome(
                rows: report.slices.reduce(0) { $0 + $1.operations }, checksum: Int64(mismatches),
                figures: figures(outcome))
        }

        func inspect(_ path: String, encrypted: Bool) throws -> BenchOutcome {
            var arguments = ["inspect", path, "--json"]
            if encrypted { arguments += ["--key-env", keyVariable] }
            let outcome = try start(arguments, encrypted: encrypted)
            guard outcome.status == 0 else {
                throw ChildCommand.Failure(description: "driverport inspect \(path) failed (exit \(outcome.status)): "
                    + outcome.standardError.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            var extra = figures(outcome)
            if let derivations = Self.keyDerivations(in: outcome.standardError) { extra["keyDerivations"] = Double(derivations) }
            return BenchOutcome(rows: 1, figures: extra)
        }

        private func start(_ arguments: [String], encrypted: Bool) throws -> ChildCommand.Outcome {
            var environment = ["DRIVERPORT_REPORT_KEY_DERIVATIONS": "1"]
            if encrypted { environment[keyVariable] = CodecCases.passphrase }
            let outcome = try ChildCommand(
                executable: executable, arguments: arguments, environment: environment,
                outputPrefix: context.path("diff-child-\(UUID().uuidString)")
            ).run()
            if outcome.status != 0 && outcome.status != 1 {
                throw ChildCommand.Failure(description: "driverport \(arguments.prefix(2).joined(separator: " ")) "
                    + "exited \(outcome.status): \(outcome.standardError.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
            return outcome
        }

        private func figures(_ outcome: ChildCommand.Outcome) -> [String: Double] {
            var figures = ["childCPUSeconds": outcome.cpuSeconds]
            if let peak = outcome.peakResidentBytes { figures["peakResidentBytes"] = peak }
            if let derivations = Self.keyDerivations(in: outcome.standardError) {
                figures["keyDerivations"] = Double(derivations)
            }
            for (phase, seconds) in Self.phases(in: outcome.standardError) { figures[phase + "Seconds"] = seconds }
            return figures
        }

        /// The seconds of each phase in the `driverport: diff phases: copies 0.1 s, operations 2 s, readBack 0.5 s,
        /// state 0.3 s; resets: ...` line (none when the command ran no differential). What follows the `;` is not
        /// a phase.
        static func phases(in standardError: String) -> [String: Double] {
            let marker = "diff phases: "
            guard let range = standardError.range(of: marker, options: .backwards) else { return [:] }
            let line = standardError[range.upperBound...].prefix { $0 != "\n" && $0 != ";" }
            var result: [String: Double] = [:]
            for part in line.split(separator: ",") {
                let words = part.split(separator: " ")
                guard words.count == 3, words[2] == "s", let seconds = Double(words[1]) else { continue }
                result[String(words[0])] = seconds
            }
            return result.values.contains { $0 > 0 } ? result : [:]
        }

        /// The count in the `driverport: key derivations: N, cache hits: M` line.
        static func keyDerivations(in standardError: String) -> Int? {
            let marker = "key derivations: "
            guard let range = standardError.range(of: marker, options: .backwards) else { return nil }
            return Int(standardError[range.upperBound...].prefix { $0.isNumber })
        }
    }

    /// The part of `driverport diff --json` the cases read.
    struct DiffJSON: Decodable {
        struct Slice: Decodable {
            var name: String
            var operations: Int
            var mismatches: Int
        }

        var slices: [Slice]
    }
}
