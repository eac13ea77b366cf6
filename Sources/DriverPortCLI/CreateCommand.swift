import MMEXFiles
import MMEXFixtures
import SQLiteCipher
import SQLiteEngine

/// `driverport create`: a new MMEX version 21 file, as the MMEX apps create it, plain or encrypted.
struct CreateCommand: Command {
    let name = "create"
    let summary = "create a new MMEX file (user_version 21), plain or encrypted, optionally with sample data"
    let help = """
    Usage: driverport create OUT [--sample] [--cipher NAME] [--key-env NAME | --key-file PATH | --key-stdin] [--json]

    Creates a new MMEX database at OUT: user_version 21, then the MMEX schema with its default rows
    (categories, currencies, INFOTABLE), as the MMEX apps do. Refuses to overwrite an existing file.
    With a key the file is encrypted (--cipher auto means sqlcipher4, what MMEX writes today); a named
    cipher needs a key.

    Options:
      --sample         add a small realistic data set: what `driverport fixture OUT --transactions 200 --seed 1`
                       writes (every table gets rows)
    \(KeyOptions.help)
      --json           {"path", "userVersion", "cipher" (null when plain), "sample"}

    Exit 0 created; 73 OUT exists or cannot be created; 65 a cipher that needs a key got none; 64 usage.
    """
    let flags: Set<String> = Set(["sample", "json"]).union(KeyOptions.flagNames)
    let options: Set<String> = KeyOptions.optionNames

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["OUT"])[0]
        let keyOptions = try KeyOptions(arguments)
        var applied: AppliedCipher?
        do {
            let target = try keyOptions.newFileTarget(for: path, console: console)
            let connection = try MMEXFileCreator.create(at: path, vfs: PageCodec.vfsName, prepare: { connection in
                applied = try target.applyToNewFile(connection)
            }, populate: { connection in
                // Inside the creator: a sample that does not fit (full disk) removes the half-made file.
                if arguments.flag("sample") { try FixtureGenerator.fill(connection, spec: .sample) }
            })
            connection.close()
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
        if arguments.flag("json") {
            try console.json(Created(
                path: path, userVersion: 21, cipher: applied?.format?.rawValue, sample: arguments.flag("sample")
            ))
            return .ok
        }
        let cipher = applied?.format.map { ", \($0.rawValue)" } ?? ""
        console.line("created \(path) (MMEX user_version 21\(cipher)\(arguments.flag("sample") ? ", with sample data" : ""))")
        return .ok
    }

    /// What `--json` prints.
    private struct Created: Encodable {
        let path: String
        let userVersion: Int
        let cipher: String?
        let sample: Bool

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(userVersion, forKey: .userVersion)
            try container.encode(cipher, forKey: .cipher)
            try container.encode(sample, forKey: .sample)
        }

        enum CodingKeys: String, CodingKey { case path, userVersion, cipher, sample }
    }
}
