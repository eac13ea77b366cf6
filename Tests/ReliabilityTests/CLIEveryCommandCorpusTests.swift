import Foundation
import TestSupport
import Testing

/// A command that takes a database file, with the arguments that run it on `input` and write into `output`.
struct FileCommand: Sendable, CustomTestStringConvertible {
    let name: String
    let arguments: @Sendable (_ input: String, _ output: URL) -> [String]
    var environment: [String: String] = [:]
    /// It reads every page (a copy), so damage anywhere stops it.
    var readsEveryPage = false
    var testDescription: String { name }

    static let newKeyVariable = "DRIVERPORT_TEST_NEW_KEY"
    static let newKey = "corpus-new-passphrase-7d1f"

    static let all: [FileCommand] = [
        FileCommand(name: "export", arguments: { ["export", $0, "--to", $1.appendingPathComponent("exported.mmb").path] },
                    readsEveryPage: true),
        FileCommand(name: "rekey", arguments: { input, _ in ["rekey", input, "--new-key-env", newKeyVariable] },
                    environment: [newKeyVariable: newKey], readsEveryPage: true),
        FileCommand(name: "upgrade") { input, _ in ["upgrade", input] },
        FileCommand(name: "snapshot") { ["snapshot", $0, "--out", $1.appendingPathComponent("snapshot.json").path] },
        FileCommand(name: "relocate") { ["relocate", "--from", $0, "--to", $1.appendingPathComponent("container").path] },
        FileCommand(name: "diff") { input, _ in ["diff", input, "--operations", "0"] },
    ]
}

@Suite("Every command that takes a database refuses every unusable corpus input the same way and changes nothing")
struct CLIEveryCommandCorpusTests {
    static let unusable = BadInputCorpus.plain.filter {
        if case .readable = $0.expectation { false } else { true }
    }

    @Test("documented exit code, one line naming the file, input unchanged, no output made", arguments: FileCommand.all, unusable.indices)
    func refuses(command: FileCommand, index: Int) throws {
        let input = Self.unusable[index]
        let folder = TemporaryDirectory("every-in")
        let output = TemporaryDirectory("every-out")
        try FileManager.default.createDirectory(at: output.url.appendingPathComponent("container"), withIntermediateDirectories: true)
        let path = try input.build(in: folder.url)
        let before = FileTreeSnapshot(folder.url)
        let outputBefore = FileTreeSnapshot(output.url)
        let result = try DriverPortBinary.run(
            command.arguments(path, output.url), environment: command.environment.merging(["TMPDIR": output.url.path]) { a, _ in a },
            timeout: 60
        )
        let label = "\(command.name) on \(input.name)"
        #expect(!result.crashed, "\(label) crashed: \(result.standardError)")
        if input.foundOnlyByFullRead && !command.readsEveryPage && result.exitCode == 0 {
            // Upgrade (already at 21), snapshot and relocate read only what they need: they may not see the damage,
            // but the bytes must stay exactly as they were (relocate moves them, unchanged).
            let original = before.entries[input.fileName]?.contents
            let moved = FileTreeSnapshot(output.url).entries["container/\(input.fileName)"]?.contents
            #expect(original != nil && (FileTreeSnapshot(folder.url).entries[input.fileName]?.contents ?? moved) == original, "\(label)")
            return
        }
        #expect(result.exitCode == input.expectation.readingExitCode, "\(label): \(result.standardError)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(label): \(result.standardError)")
        #expect(result.standardError.hasPrefix("driverport \(command.name): "), "\(label): \(result.standardError)")
        #expect(result.standardError.contains(input.fileName), "\(label) does not name the file: \(result.standardError)")
        let changes = FileTreeSnapshot(folder.url).differences(from: before)
        #expect(changes.isEmpty, "\(label) changed the input: \(changes)")
        let made = FileTreeSnapshot(output.url).differences(from: outputBefore)
        #expect(made.isEmpty, "\(label) left output behind: \(made)")
    }
}
