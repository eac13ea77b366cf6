@testable import Differential
import Foundation
import TestSupport
import Testing

@Suite("Both sides can run each operation at the same time, with the same verdict")
struct ConcurrentSidesTests {
    @Test("the two calls' results come back in their own places, whether run together or one after the other")
    func resultsKeepTheirSides() {
        for concurrently in [false, true] {
            for round in 0..<50 {
                let (left, right) = ConcurrentSides.run(
                    concurrently: concurrently, { "left \(round)" }, { (0..<round).reduce(0, +) }
                )
                #expect(left == "left \(round)")
                #expect(right == (0..<round).reduce(0, +))
            }
        }
    }

    @Test("a harness running its sides together reports exactly the mismatches and shortest sequences it reports one side after the other")
    func sameReportEitherWay() throws {
        let folder = TemporaryDirectory()
        let source = folder.path("source/notes.db")
        try FileManager.default.createDirectory(atPath: folder.path("source"), withIntermediateDirectories: true)
        try ToyNotes.makeFile(at: source)
        let scenarios = (1...4).map { ToyOperations.generator.scenario(named: "random", seed: UInt64($0), count: 40) }
        func report(concurrently: Bool) throws -> [String] {
            var harness = toyHarness(bugs: [.offByOneLimit, .caseSensitiveLookup, .textAffinity], under: folder)
            harness.runsSidesConcurrently = concurrently
            defer { harness.removeWorkingCopies() }
            let slice = try harness.run(slice: "notes", scenarios: scenarios, on: source)
            return slice.scenarios.flatMap { scenario in
                scenario.mismatches.map { "\($0.kind) \($0.operationIndex ?? -1) \($0.field): \($0.baseline) / \($0.candidate)" }
                    + ["shortest: \(scenario.shortestFailingSequence ?? [])"]
            }
        }
        let oneAfterTheOther = try report(concurrently: false)
        #expect(oneAfterTheOther.count > 8, "the planted bugs are found: \(oneAfterTheOther)")
        #expect(try report(concurrently: true) == oneAfterTheOther)
    }
}
