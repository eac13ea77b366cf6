import Foundation
import TestSupport
import Testing

/// A command run on an encrypted corpus input.
struct EncryptedCommand: Sendable, CustomTestStringConvertible {
    let name: String
    /// Whether it takes the key options (the others read plain files only).
    let takesKeys: Bool
    /// It reads only what it needs (upgrade of a file already at 21, snapshot, relocate): damage in a page it does not
    /// read may go unseen, as in the plain corpus; then the bytes must stay exactly as they were (relocate moves them).
    var readsOnlyWhatItNeeds = false
    let arguments: @Sendable (_ input: String, _ output: URL) -> [String]
    var testDescription: String { name }

    static let keyVariable = "DRIVERPORT_TEST_KEY"
    static let newKeyVariable = "DRIVERPORT_TEST_NEW_KEY"
    static let newKey = "a new passphrase nobody should see 9f3e"

    static let all: [EncryptedCommand] = [
        EncryptedCommand(name: "inspect", takesKeys: true) { input, _ in ["inspect", input, "--json"] },
        EncryptedCommand(name: "dump", takesKeys: true) { input, _ in ["dump", input] },
        EncryptedCommand(name: "export", takesKeys: true) { ["export", $0, "--to", $1.appendingPathComponent("plain.mmb").path] },
        EncryptedCommand(name: "rekey", takesKeys: true) { input, _ in ["rekey", input, "--new-key-env", newKeyVariable] },
        EncryptedCommand(name: "upgrade", takesKeys: true, readsOnlyWhatItNeeds: true) { input, _ in ["upgrade", input] },
        EncryptedCommand(name: "snapshot", takesKeys: true, readsOnlyWhatItNeeds: true) {
            ["snapshot", $0, "--out", $1.appendingPathComponent("s.json").path]
        },
        EncryptedCommand(name: "relocate", takesKeys: true, readsOnlyWhatItNeeds: true) {
            ["relocate", "--from", $0, "--to", $1.appendingPathComponent("container").path]
        },
    ]
}

@Suite("Encrypted files with a wrong key, a wrong format or a flipped bit: exit 65, one clear line, nothing changed, no key leaked")
struct EncryptedCorpusTests {
    /// The pairs run: in the test run each input once and each command at least once (the commands take turns
    /// over the inputs); in the soak every command on every input.
    static let pairs: [(EncryptedCommand, Int)] = {
        let inputs = Array(EncryptedCorpus.all.indices)
        guard !Soak.isEnabled else { return EncryptedCommand.all.flatMap { command in inputs.map { (command, $0) } } }
        let count = max(inputs.count, EncryptedCommand.all.count)
        return (0..<count).map { (EncryptedCommand.all[$0 % EncryptedCommand.all.count], inputs[$0 % inputs.count]) }
    }()

    @Test("each command on encrypted bad inputs, each input at least once (every pair in the soak)", arguments: pairs)
    func refuses(command: EncryptedCommand, index: Int) throws {
        let input = EncryptedCorpus.all[index]
        let folder = TemporaryDirectory("enc-in")
        let output = TemporaryDirectory("enc-out")
        try FileManager.default.createDirectory(at: output.url.appendingPathComponent("container"), withIntermediateDirectories: true)
        let path = try input.build(in: folder.url)
        let before = FileTreeSnapshot(folder.url)
        let outputBefore = FileTreeSnapshot(output.url)
        var arguments = command.arguments(path, output.url)
        if command.takesKeys { arguments += input.keyArguments(variable: EncryptedCommand.keyVariable) }
        var environment = ["TMPDIR": output.url.path, EncryptedCommand.newKeyVariable: EncryptedCommand.newKey]
        environment[EncryptedCommand.keyVariable] = input.givenKey
        let result = try DriverPortBinary.run(arguments, environment: environment, timeout: 60)
        let label = "\(command.name) on \(input.name)"
        #expect(!result.crashed, "\(label) crashed: \(result.standardError)")
        if command.readsOnlyWhatItNeeds && input.damagesOnlyATablePage && result.exitCode == 0 {
            let original = before.entries[input.fileName]?.contents
            let moved = FileTreeSnapshot(output.url).entries["container/\(input.fileName)"]?.contents
            #expect(original != nil && (FileTreeSnapshot(folder.url).entries[input.fileName]?.contents ?? moved) == original, "\(label)")
            return
        }
        #expect(result.exitCode == 65, "\(label): \(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(label): \(result.standardError)")
        #expect(result.standardError.hasPrefix("driverport \(command.name): "), "\(label): \(result.standardError)")
        let expected = command.takesKeys ? input.messageContains.lowercased() : "plain files only"
        #expect(result.standardError.lowercased().contains(expected), "\(label): \(result.standardError)")
        #expect(FileTreeSnapshot(folder.url).differences(from: before).isEmpty, "\(label) changed the input")
        #expect(FileTreeSnapshot(output.url).differences(from: outputBefore).isEmpty, "\(label) left output behind")
        for secret in [EncryptedCorpus.rightPassphrase, EncryptedCorpus.wrongPassphrase, EncryptedCommand.newKey] {
            let scanner = SecretScanner(secret)
            #expect(scanner.findings(in: result.standardOutput + result.standardError).isEmpty, "\(label) printed a key")
            #expect(scanner.findings(inFolder: folder.url).isEmpty, "\(label): a key is in a file")
        }
    }
}
