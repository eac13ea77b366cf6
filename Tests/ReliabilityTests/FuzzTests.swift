import Foundation
import TestSupport
import Testing

@Suite("Fuzzing the file opening path and the page codec: no crash, no changed input, no unexpected error, on any input")
struct FuzzTests {
    /// Iterations per target: a few seconds in the test run; `DRIVERPORT_FUZZ_ITERATIONS` or the soak for more. The
    /// codec's inputs cost a key derivation each (about 0.15 s), so the test run gives it fewer.
    static func iterations(_ target: FuzzTarget) -> Int {
        if let text = ProcessInfo.processInfo.environment["DRIVERPORT_FUZZ_ITERATIONS"], let value = Int(text) { return value }
        return Soak.pick(normal: target == .codec ? 100 : 300, soak: 10_000)
    }

    /// Keeps an input that broke a promise, for `DriverPortFuzz replay --target T FILE`.
    static func save(_ bytes: [UInt8], target: FuzzTarget, iteration: Int) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("driverport-fuzz-findings")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(target.rawValue)-\(iteration).bin")
        return (try? Data(bytes).write(to: file)).map { file.path } ?? "(not saved)"
    }

    @Test("seeds first, then mutated seeds, through each target", arguments: FuzzTarget.allCases)
    func fuzz(target: FuzzTarget) throws {
        let seedFolder = TemporaryDirectory.inMemory("fuzz-seeds")
        let work = TemporaryDirectory.inMemory("fuzz-work")
        let seeds = try FuzzSeeds.make(in: seedFolder.url).filter { $0.target == target }
        #expect(!seeds.isEmpty)
        var outcomes: [FuzzTarget.Outcome: Int] = [:]
        var violations: [String] = []
        var mutator = ByteMutator(seed: target == .codec ? 0xC0DEC : 0xF11E)
        let start = Date()
        for (index, seed) in seeds.enumerated() {
            let outcome = target.run(seed.bytes, in: work.url)
            if case .violation(let what) = outcome { violations.append("seed \(seed.name): \(what)") }
            // Every unmutated seed of a readable shape must read: otherwise the fuzzer only tests refusals.
            if index < 3 || target == .codec { #expect(outcome == .read, "seed \(seed.name): \(outcome)") }
        }
        // The committed corpus of the long libFuzzer runs: each input as it is, and in the soak once mutated too
        // (the seeds' own mutations below stay as they were).
        let corpus = FuzzSeeds.corpus(target)
        var corpusMutator = ByteMutator(seed: 0xC0_4B05)
        for input in corpus {
            for bytes in Soak.isEnabled ? [input.bytes, corpusMutator.mutate(input.bytes)] : [input.bytes] {
                let outcome = target.run(bytes, in: work.url)
                if case .violation(let what) = outcome {
                    violations.append("corpus \(input.name): \(what); input saved as \(Self.save(bytes, target: target, iteration: -1))")
                }
            }
        }
        let iterations = Self.iterations(target)
        for iteration in 0..<iterations {
            let seed = seeds[iteration % seeds.count]
            var bytes = mutator.mutate(seed.bytes)
            if target == .codec, let first = seed.bytes.first {
                if bytes.isEmpty { bytes = [first] } else { bytes[0] = first }  // keep the seed's format
            }
            let outcome = target.run(bytes, in: work.url)
            outcomes[outcome, default: 0] += 1
            if case .violation(let what) = outcome {
                violations.append("iteration \(iteration) from \(seed.name): \(what); input saved as \(Self.save(bytes, target: target, iteration: iteration))")
            }
        }
        let seconds = Date().timeIntervalSince(start)
        ReliabilityFigures.report("fuzz \(target.rawValue)", [
            "seeds": seeds.count, "corpus": corpus.count, "inputs": iterations, "read": outcomes[.read] ?? 0,
            "refused by probe": outcomes[.refusedByProbe] ?? 0, "refused by SQLite": outcomes[.refusedBySQLite] ?? 0,
            "refused by codec": outcomes[.refusedByCodec] ?? 0, "violations": violations.count,
            "seconds": String(format: "%.1f", seconds),
        ])
        for violation in violations.prefix(10) { Issue.record("\(violation)") }
        // The mutations must reach past the probe, or the fuzzer tests nothing but the header check.
        #expect((outcomes[.read] ?? 0) + (outcomes[.refusedBySQLite] ?? 0) + (outcomes[.refusedByCodec] ?? 0) > iterations / 4)
    }
}
