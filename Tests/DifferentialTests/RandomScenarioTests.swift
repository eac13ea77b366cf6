import Differential
import Foundation
import SQLiteEngine
import TestSupport
import Testing

@Suite("Seeded random scenarios and shrinking")
struct RandomScenarioTests {
    @Test("SplitMix64 matches the reference sequence for seed 0")
    func splitMixReference() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("bounded draws stay in range and the same seed gives the same scenario")
    func determinism() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<1000 {
            let value = random.int(in: -3...3)
            #expect((-3...3).contains(value))
        }
        let a = ToyOperations.generator.scenario(named: "r", seed: 7, count: 40).operations.map(\.name)
        let b = ToyOperations.generator.scenario(named: "r", seed: 7, count: 40).operations.map(\.name)
        let c = ToyOperations.generator.scenario(named: "r", seed: 8, count: 40).operations.map(\.name)
        #expect(a == b)
        #expect(a != c)
    }

    @Test("a random scenario that hits a planted bug reports its seed and a short failing sequence")
    func shrinksToAShortSequence() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("source"), withIntermediateDirectories: true)
        let source = folder.path("source/notes.db")
        try ToyNotes.makeFile(at: source)
        let harness = toyHarness(bugs: .caseSensitiveLookup, under: folder)
        // Find a seed whose 40 operations hit the bug (most do: names differ only by case).
        var report: ScenarioReport?
        for seed in UInt64(1)...20 {
            let scenario = ToyOperations.generator.scenario(named: "random", seed: seed, count: 40)
            let candidate = try harness.run(scenario, on: source)
            if !candidate.agrees {
                report = candidate
                break
            }
        }
        let failing = try #require(report)
        let seed = try #require(failing.seed)
        #expect(failing.mismatches.allSatisfy { $0.seed == seed && $0.scenario == "random" })
        let sequence = try #require(failing.shortestFailingSequence)
        #expect(sequence.count <= 2, "\(sequence)")
        #expect(sequence.last?.hasPrefix("find(") == true)
        // Replaying the seed gives the same report.
        let replay = try harness.run(ToyOperations.generator.scenario(named: "random", seed: seed, count: 40), on: source)
        #expect(replay == failing)
    }

    @Test("the report encodes as the JSON driverport diff prints")
    func reportJSON() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("source"), withIntermediateDirectories: true)
        let source = folder.path("source/notes.db")
        try ToyNotes.makeFile(at: source)
        let slice = try toyHarness(bugs: .offByOneLimit, under: folder)
            .run(slice: "notes", scenarios: [Scenario(name: "page", operations: [ToyOperations.list(1)])], on: source)
        let report = DifferentialReport(file: source, slices: [slice])
        #expect(!report.agrees)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any]
        let slices = try #require(json?["slices"] as? [[String: Any]])
        #expect(slices.first?["name"] as? String == "notes")
        #expect(slices.first?["operations"] as? Int == 1)
        #expect(slices.first?["mismatches"] as? Int == 2)
        let details = try #require(slices.first?["details"] as? [[String: Any]])
        #expect(details.first?["operation"] as? String == "list(limit: 1)")
        #expect(details.first?["field"] as? String == "count")
        #expect(try JSONDecoder().decode(DifferentialReport.self, from: JSONEncoder().encode(report)) == report)
        #expect(report.text.contains("notes"))
        #expect(report.text.contains("shortest failing sequence (1): list(limit: 1)"))
    }
}
