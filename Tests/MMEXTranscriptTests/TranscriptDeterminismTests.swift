import DriverPortCLI
import Foundation
import TestSupport
import Testing

@Suite("MMEX transcripts are deterministic and independent of the recording driver")
struct TranscriptDeterminismTests {
    @Test("recording twice gives the same bytes, and queue and pool record what legacy records", .needsSharedData)
    func sameBytes() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = SharedData.realFile("desktop-1.9.2-wal-sample.mmb").path
        var texts: [String: Data] = [:]
        for (label, session) in [("legacy", "legacy"), ("legacy again", "legacy"), ("queue", "queue"), ("pool", "pool")] {
            let out = folder.path("\(label).transcript")
            let result = TranscriptCLI.run(
                ["record", file, "--out", out, "--session", session, "--slices", "infotable,transactions",
                 "--operations", "10", "--seed", "11"]
            )
            try #require(result.code == .ok, "\(label): \(result.err)")
            texts[label] = try Data(contentsOf: URL(fileURLWithPath: out))
        }
        #expect(texts["legacy"] == texts["legacy again"], "byte-identical when recorded twice")
        #expect(texts["queue"] == texts["legacy"], "the queue session records what legacy records")
        #expect(texts["pool"] == texts["legacy"], "the pool session records what legacy records")
        let text = String(decoding: try #require(texts["legacy"]), as: UTF8.self)
        #expect(text.contains("parameter slices \"infotable,transactions\""))
        #expect(text.contains("\nscenario 1 \"open and close\" seed -\nclose ok\nstate "))
    }
}
