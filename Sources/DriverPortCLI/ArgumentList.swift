/// A command's arguments: positionals, `--flag`s and `--option value` pairs, read the way Unix tools read them.
///
/// Commands declare what they accept; anything else is a usage error that names the offending word.
public struct ArgumentList: Sendable {
    public private(set) var positionals: [String] = []
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// Whether the keys this run reads reuse derived keys (``SQLiteCipher/CipherKey/reusesDerivedKeys``): not a word
    /// of the command line but a setting of the run it belongs to, `false` under `DRIVERPORT_KEY_CACHE=off`.
    package var reusesDerivedKeys = true

    /// Parses `words`, knowing which names are flags (no value) and which are options (one value each).
    public init(_ words: [String], flags knownFlags: Set<String>, options knownOptions: Set<String>) throws(CLIError) {
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("--") || word == "-" {
                if !onlyPositionals, word.hasPrefix("-"), word != "-", word.count > 1, word != "-h" {
                    throw .usage("unknown option '\(word)'; see --help")
                }
                if word == "-h" { flags.insert("help"); continue }
                positionals.append(word)
                continue
            }
            if word == "--" { onlyPositionals = true; continue }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if knownFlags.contains(name) || name == "help" {
                guard inlineValue == nil else { throw .usage("--\(name) takes no value") }
                flags.insert(name)
            } else if knownOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < words.count else { throw .usage("--\(name) needs a value") }
                    value = words[index]
                    index += 1
                }
                options[name, default: []].append(value)
            } else {
                throw .usage("unknown option '--\(name)'; see --help")
            }
        }
    }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value of an option, if given.
    public func option(_ name: String) -> String? { options[name]?.last }

    /// Every value of a repeatable option, in order.
    public func values(_ name: String) -> [String] { options[name] ?? [] }

    /// An integer option, with a usage error for a value that is not a whole number in range.
    public func integer(_ name: String, range: ClosedRange<Int> = 0...Int.max) throws(CLIError) -> Int? {
        guard let text = option(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .usage("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// Exactly `count` positionals, named for the error message.
    public func requirePositionals(_ names: [String]) throws(CLIError) -> [String] {
        guard positionals.count == names.count else {
            if positionals.count < names.count {
                throw .usage("missing \(names[positionals.count]); see --help")
            }
            throw .usage("unexpected argument '\(positionals[names.count])'; see --help")
        }
        return positionals
    }
}
