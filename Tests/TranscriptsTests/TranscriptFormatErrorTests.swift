import Foundation
import TestSupport
import Testing
import Transcripts

@Suite("A transcript that cannot be used is refused with which and where")
struct TranscriptFormatErrorTests {
    /// A small valid transcript of the toy shelf.
    private func sample() throws -> String {
        let folder = TemporaryDirectory.inMemory("transcript")
        let file = folder.path("shelf.sqlite")
        try ToyShelf.makeFile(at: file)
        let runner = TranscriptRunner(side: ToyShelf.side("toy"), workDirectory: folder.url)
        return try runner.record(Array(ToyShelf.scenarios().prefix(2)), on: file).text
    }

    private func error(parsing text: String) -> TranscriptError? {
        do {
            _ = try Transcript(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test("an empty text and a text cut anywhere before its end line are truncated, at the line where it stops")
    func truncated() throws {
        let text = try sample()
        #expect(error(parsing: "") == .truncated(line: 1, reason: "the transcript is empty"))
        let lines = text.split(separator: "\n")
        for cut in [1, 3, 5, lines.count - 1] {
            let prefix = lines.prefix(cut).joined(separator: "\n") + "\n"
            guard case .truncated(let line, _)? = error(parsing: prefix) else {
                Issue.record("cut after line \(cut): \(String(describing: error(parsing: prefix)))")
                continue
            }
            #expect(line == cut + 1)
        }
        // Cut in the middle of the last line (no line break at the end).
        let midLine = String(text.dropLast(3))
        guard case .truncated(let line, let reason)? = error(parsing: midLine) else {
            Issue.record("cut mid-line: \(String(describing: error(parsing: midLine)))")
            return
        }
        #expect(line == lines.count && reason.contains("line break"))
    }

    @Test("a line that is not the format's is malformed, with its number")
    func malformed() throws {
        let text = try sample()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let op = try #require(lines.firstIndex { $0.hasPrefix("op 1 ") })
        lines[op + 1] = "? what"
        guard case .malformed(let line, _)? = error(parsing: lines.joined(separator: "\n")) else {
            Issue.record("a bad outcome line should be malformed")
            return
        }
        #expect(line == op + 2)
        #expect(error(parsing: "hello\n").map { if case .malformed(1, _) = $0 { true } else { false } } == true)
        let renumbered = text.replacingOccurrences(of: "\nscenario 2 ", with: "\nscenario 3 ")
        #expect(error(parsing: renumbered).map { if case .malformed = $0 { true } else { false } } == true)
        let miscounted = text.replacingOccurrences(of: "\nend scenarios 2 ", with: "\nend scenarios 5 ")
        #expect(error(parsing: miscounted).map { if case .malformed = $0 { true } else { false } } == true)
        let stateEdited = text.replacingOccurrences(of: "\nuser_version 0\n", with: "\nuser_version 1\n")
        #expect(stateEdited != text)
        #expect(error(parsing: stateEdited).map { if case .malformed = $0 { true } else { false } } == true)
        #expect(error(parsing: text + "more\n").map { if case .malformed = $0 { true } else { false } } == true)
    }

    @Test("another format version is named")
    func version() throws {
        let text = try sample().replacingOccurrences(of: "driverport-transcript 3\n", with: "driverport-transcript 1\n")
        #expect(error(parsing: text) == .unsupportedVersion(line: 1, found: "1"))
        #expect(error(parsing: text)?.description.contains("version 1") == true)
        #expect(error(parsing: text)?.description.contains("it reads versions 2 and 3") == true)
        #expect(error(parsing: text)?.description.contains("record the transcript again") == true)
    }

    @Test("a missing file, a folder and non-UTF-8 bytes are named with the path")
    func files() throws {
        let folder = TemporaryDirectory.inMemory("transcript")
        let missing = folder.path("none.transcript")
        #expect(throws: TranscriptFileError.self) { try Transcript(contentsOf: missing) }
        do { _ = try Transcript(contentsOf: missing) } catch {
            #expect(error.error == .missing(path: missing))
            #expect(error.description == "\(missing): no such transcript")
        }
        let binary = folder.path("binary.transcript")
        try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: URL(fileURLWithPath: binary))
        do { _ = try Transcript(contentsOf: binary) } catch {
            guard case .unreadable = error.error else { Issue.record("\(error)"); return }
        }
        let cut = folder.path("cut.transcript")
        try Data(try sample().prefix(200).utf8).write(to: URL(fileURLWithPath: cut))
        do {
            _ = try Transcript(contentsOf: cut)
            Issue.record("a cut transcript must not read")
        } catch {
            #expect(error.description.hasPrefix("\(cut): line "))
            #expect(!error.description.contains("\n"))
        }
    }
}
