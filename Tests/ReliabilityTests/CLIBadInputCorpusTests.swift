import Foundation
import TestSupport
import Testing

/// A reading command line the corpus is run through.
struct ReadingCommand: Sendable, CustomTestStringConvertible {
    let words: [String]
    var testDescription: String { words.joined(separator: " ") }
    var name: String { words[0] }

    static let all: [ReadingCommand] = [
        ReadingCommand(words: ["inspect"]), ReadingCommand(words: ["inspect", "--json"]),
        ReadingCommand(words: ["inspect", "--check"]), ReadingCommand(words: ["dump"]),
        ReadingCommand(words: ["dump", "--json"]),
    ]

    /// The exit code this command gives for an input.
    func exitCode(for expectation: BadInput.Expectation) -> Int32 {
        // --check: 1 for what MMEX would not open (an unexplained difference, or a version newer than 21).
        if case .readable(let version, let clean) = expectation, words.contains("--check"), !clean || version > 21 {
            return 1
        }
        return expectation.readingExitCode
    }
}

@Suite("CLI over the generated bad-input corpus: documented exit code, one line on stderr, no crash or hang, input unchanged")
struct CLIBadInputCorpusTests {
    static let inputs = BadInputCorpus.plain

    @Test("every reading command on every corpus input", arguments: ReadingCommand.all, inputs.indices)
    func readingCommand(command: ReadingCommand, index: Int) throws {
        let input = Self.inputs[index]
        let folder = TemporaryDirectory("corpus")
        let privateTemp = TemporaryDirectory("corpus-tmp")
        let path = try input.build(in: folder.url)
        let before = FileTreeSnapshot(folder.url)
        let result = try DriverPortBinary.run(
            command.words + [path], environment: ["TMPDIR": privateTemp.url.path], timeout: 60
        )
        let label = "\(command.testDescription) on \(input.name)"
        #expect(!result.crashed, "\(label) crashed: \(result.standardError)")
        #expect(result.exitCode == command.exitCode(for: input.expectation), "\(label): \(result.standardError)")
        switch input.expectation {
        case .readable(let userVersion, _):
            #expect(result.standardError.isEmpty, "\(label): \(result.standardError)")
            if command.words == ["inspect", "--json"] {
                let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
                #expect((json?["userVersion"] as? NSNumber)?.int64Value == userVersion, "\(label)")
            }
        default:
            let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
            #expect(lines.count == 1, "\(label): \(result.standardError)")
            #expect(result.standardError.hasPrefix("driverport \(command.name): "), "\(label): \(result.standardError)")
            #expect(result.standardError.contains(input.fileName), "\(label) does not name the file: \(result.standardError)")
            // A file damaged inside is found while reading: inspect still prints what it read, dump has streamed the
            // rows before the damaged page. Everything refused before that prints nothing.
            let foundWhileReading = BadInputCorpus.damage.contains { $0.name == input.name }
            #expect(foundWhileReading || result.standardOutput.isEmpty, "\(label) wrote to stdout")
        }
        let changes = FileTreeSnapshot(folder.url).differences(from: before)
        #expect(changes.isEmpty, "\(label) changed the input: \(changes)")
        let leftovers = FileTreeSnapshot(privateTemp.url).entries.keys.sorted()
        #expect(leftovers.isEmpty, "\(label) left temporary files: \(leftovers)")
    }
}
