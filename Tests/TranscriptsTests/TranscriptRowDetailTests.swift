import Differential
import Foundation
import TestSupport
import Testing
import Transcripts

/// A transcript recorded on the toy event log's reference, verified against each port: every state difference is
/// named by table, key and column, with the porting trap the differential's classifier gives it.
@Suite("Verifying reports a differing state by table, key and column, with its porting trap")
struct TranscriptRowDetailTests {
    private static func verify(_ port: ToyEvents.Port) throws -> TranscriptVerification {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("events.sqlite")
        try ToyEvents.makeFile(at: file)
        let transcript = try TranscriptRunner(side: ToyEvents.side(.reference), workDirectory: folder.url)
            .record(ToyEvents.scenarios, on: file)
        return try TranscriptRunner(side: ToyEvents.side(port), workDirectory: folder.url)
            .verify(ToyEvents.scenarios, against: transcript, on: file)
    }

    @Test("the reference verifies against its own transcript")
    func referenceAgrees() throws {
        let result = try Self.verify(.reference)
        #expect(result.agrees, "\(result.text)")
    }

    @Test("a date stored in another form: table, key, column and date-format, and the returned date too")
    func dateInAnotherForm() throws {
        let result = try Self.verify(.isoDates)
        let stored = try #require(result.mismatches.first { $0.column == "DAY" }, "\(result.text)")
        #expect(stored.table == "EVENT" && stored.key == "rowid 3" && stored.field == "EVENT[rowid 3].DAY")
        #expect(stored.expected == "'2026-01-02 10:00:00.000' (text)")
        #expect(stored.actual == "'2026-01-02T10:00:00.000' (text)")
        #expect(stored.trap == .dateFormat)
        let returned = try #require(result.mismatches.first { $0.operation == "day(3)" })
        #expect(returned.field == "result" && returned.trap == .dateFormat, "a returned date is classified too")
        #expect(result.traps == [.dateFormat])
    }

    @Test("a UUID in another case: uuid-form at the column, and the lookup that finds nothing follows from it")
    func uuidInAnotherCase() throws {
        let result = try Self.verify(.lowercaseUUIDs)
        let stored = try #require(result.mismatches.first { $0.column == "UUID" }, "\(result.text)")
        #expect(stored.table == "EVENT" && stored.key == "rowid 3" && stored.trap == .uuidForm)
        let lookup = try #require(result.mismatches.first { $0.operation == "event(seeded[0])" })
        #expect(lookup.actual == "null" && lookup.trap == .uuidForm)
        #expect(lookup.followsFrom?.hasPrefix("uuid-form at EVENT[rowid 3].UUID") == true)
        let scenario = result.mismatches.filter { $0.scenarioNumber == 1 }
        #expect(scenario.first?.followsFrom == nil && scenario.last?.followsFrom != nil, "the root cause first")
    }

    @Test("a bool stored as text: boolean-form, in a rowid table and, keyed by primary key, in a table without rowid")
    func boolAsText() throws {
        let result = try Self.verify(.boolAsText)
        let event = try #require(result.mismatches.first { $0.table == "EVENT" && $0.key == "rowid 1" }, "\(result.text)")
        #expect(event.column == "DONE" && event.expected == "1 (integer)" && event.actual == "'true' (text)")
        #expect(event.trap == .booleanForm)
        let setting = try #require(result.mismatches.first { $0.table == "SETTING" })
        #expect(setting.key == "NAME='compact'" && setting.column == "VALUE" && setting.trap == .booleanForm)
        #expect(result.mismatches.allSatisfy { $0.trap == .booleanForm })
    }

    @Test("a missing row is named by its key, the recorded row shown, the implementation's absent")
    func missingRow() throws {
        let result = try Self.verify(.losesRow)
        let missing = try #require(result.mismatches.first { $0.field.hasPrefix("missing row") }, "\(result.text)")
        #expect(missing.field == "missing row EVENT[rowid 3]" && missing.table == "EVENT" && missing.key == "rowid 3")
        #expect(missing.column == nil && missing.actual == "(absent)")
        #expect(missing.expected.hasPrefix("ID=3, UUID='3F2504E0-4F89-11D3-9A0C-0305E82C3301', DAY="))
    }

    @Test("an extra row is named by its key; a row the recorded scenario removed and the port kept is one too")
    func extraRows() throws {
        let extra = try Self.verify(.extraRow)
        let added = try #require(extra.mismatches.first { $0.field.hasPrefix("extra row") }, "\(extra.text)")
        #expect(added.field == "extra row EVENT[rowid 4]" && added.key == "rowid 4" && added.expected == "(absent)")
        let kept = try Self.verify(.keepsRemoved)
        let row = try #require(kept.mismatches.first, "\(kept.text)")
        #expect(row.field == "extra row EVENT[rowid 2]" && row.scenario == "remove the second")
        #expect(row.actual.contains("TITLE='seed two'"))
    }

    @Test("the text and the JSON carry each trap's name and advice once, the mismatches its id")
    func trapAdviceOnce() throws {
        let result = try Self.verify(.boolAsText)
        #expect(result.mismatches.count == 3)
        let advice = PortingTrap.booleanForm.advice
        #expect(result.text.components(separatedBy: advice).count == 2, "the advice once: \(result.text)")
        #expect(result.text.components(separatedBy: "[boolean-form]").count == 4, "each mismatch names it")
        let json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(result)) as? [String: Any]
        let traps = try #require(json?["traps"] as? [[String: Any]])
        #expect(traps.count == 1 && traps.first?["id"] as? String == "boolean-form" && traps.first?["advice"] as? String == advice)
        let details = try #require(json?["mismatches"] as? [[String: Any]])
        #expect(details.allSatisfy { $0["trap"] as? String == "boolean-form" })
        #expect(details.contains { $0["table"] as? String == "SETTING" && $0["key"] as? String == "NAME='compact'" })
    }
}
