extension Transcript {
    /// Reads a transcript's text.
    ///
    /// - Throws: ``TranscriptError``: `truncated` when the text ends before the `end` line (or in the middle of a
    ///   line), `malformed` for a line that is not what the format has there, `unsupportedVersion` for another
    ///   format version, each with its line number.
    public init(parsing text: String) throws(TranscriptError) {
        var reader = TranscriptReader(text)
        self = try reader.read()
    }
}

/// Reads a transcript line by line, keeping the line number for errors.
struct TranscriptReader {
    let lines: [Substring]
    let endsWithLineBreak: Bool
    var index = 0
    /// How the transcript's states were recorded: set by a format 3 header, `nil` in format 2.
    var stateOptions: Transcript.StateOptions?

    init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        endsWithLineBreak = text.hasSuffix("\n")
        if endsWithLineBreak { lines.removeLast() }
        self.lines = lines
    }

    /// The 1-based number of the line `next()` returns.
    var lineNumber: Int { index + 1 }

    func peek() -> Substring? { index < lines.count ? lines[index] : nil }

    mutating func next(expecting what: String) throws(TranscriptError) -> [Substring] {
        guard index < lines.count else {
            throw .truncated(line: lineNumber, reason: "the text ends where \(what) should be")
        }
        let line = lines[index]
        index += 1
        if index == lines.count && !endsWithLineBreak {
            throw .truncated(line: index, reason: "the last line has no line break (cut in the middle of a line)")
        }
        return words(line)
    }

    /// Splits at spaces, keeping a quoted string (which may hold spaces) as one word.
    func words(_ line: Substring) -> [Substring] {
        var result: [Substring] = []
        var start = line.startIndex
        var position = line.startIndex
        var inQuotes = false
        var escaped = false
        while position < line.endIndex {
            let character = line[position]
            if inQuotes {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inQuotes = false }
            } else if character == "\"" {
                inQuotes = true
            } else if character == " " {
                result.append(line[start..<position])
                start = line.index(after: position)
            }
            position = line.index(after: position)
        }
        result.append(line[start..<line.endIndex])
        return result
    }

    func malformed(_ reason: String, line: Int? = nil) -> TranscriptError {
        .malformed(line: line ?? index, reason: reason)
    }

    func string(_ word: Substring, _ what: String) throws(TranscriptError) -> String {
        guard let text = CanonicalText.unquoted(word) else { throw malformed("\(what) is not a quoted string: \(word.prefix(60))") }
        return text
    }

    func integer<T: FixedWidthInteger>(_ word: Substring, _ what: String) throws(TranscriptError) -> T {
        guard let value = T(word) else { throw malformed("\(what) is not a whole number: \(word.prefix(40))") }
        return value
    }

    func sha256(_ word: Substring, _ what: String) throws(TranscriptError) -> String {
        guard word.count == 64, word.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            throw malformed("\(what) is not a SHA-256 (64 lower-case hex digits): \(word.prefix(70))")
        }
        return String(word)
    }

    mutating func read() throws(TranscriptError) -> Transcript {
        guard !(lines.count == 1 && lines[0].isEmpty) else { throw .truncated(line: 1, reason: "the transcript is empty") }
        let magic = try next(expecting: "the header")
        guard magic.count == 2, magic[0] == "driverport-transcript" else {
            throw malformed("not a driverport transcript (the first line must be 'driverport-transcript \(Transcript.formatVersion)')")
        }
        guard let version = Transcript.readableVersions.first(where: { magic[1] == Substring(String($0)) }) else {
            throw .unsupportedVersion(line: index, found: String(magic[1].prefix(20)))
        }
        let source = try next(expecting: "the source line")
        guard source.count >= 5, source.count % 2 == 1, source[0] == "source", source[1] == "sha256", source[3] == "bytes"
        else {
            throw malformed("expected 'source sha256 HASH bytes N [wal-sha256 HASH] [journal-sha256 HASH]'")
        }
        let sourceSHA256 = try sha256(source[2], "the source hash")
        let sourceBytes: UInt64 = try integer(source[4], "the source size")
        var sidecarSHA256: [String: String] = [:]
        for pair in stride(from: 5, to: source.count, by: 2) {
            let suffix = Transcript.sidecarSuffixes.first { "\($0.dropFirst())-sha256" == source[pair] }
            guard let suffix, sidecarSHA256[suffix] == nil else {
                throw malformed("expected 'wal-sha256 HASH' or 'journal-sha256 HASH' after the source size")
            }
            sidecarSHA256[suffix] = try sha256(source[pair + 1], "the \(suffix) hash")
        }
        let large = try next(expecting: "the large-values line")
        guard large.count == 2, large[0] == "large-values" else { throw malformed("expected 'large-values N'") }
        let largeValueLimit: Int = try integer(large[1], "the large-value limit")
        if version >= 3 { stateOptions = try stateOptionsHeader() }

        var parameters: [Transcript.Parameter] = []
        while let line = peek(), line.hasPrefix("parameter ") {
            let words = try next(expecting: "a parameter")
            guard words.count == 3, !words[1].isEmpty,
                  words[1].allSatisfy({ ($0.isLetter && $0.isLowercase && $0.isASCII) || $0.isNumber || $0 == "-" })
            else { throw malformed("expected 'parameter NAME \"VALUE\"'") }
            parameters.append(.init(String(words[1]), try string(words[2], "the parameter value")))
        }

        var scenarios: [Transcript.ScenarioRecord] = []
        while true {
            let words = try next(expecting: "a scenario or the end line")
            if words.first == "end" {
                guard words.count == 5, words[1] == "scenarios", words[3] == "operations" else {
                    throw malformed("expected 'end scenarios N operations M'")
                }
                let scenarioCount: Int = try integer(words[2], "the scenario count")
                let operationCount: Int = try integer(words[4], "the operation count")
                let operations = scenarios.reduce(0) { $0 + $1.operations.count }
                guard scenarioCount == scenarios.count, operationCount == operations else {
                    throw malformed(
                        "the end line counts \(scenarioCount) scenarios and \(operationCount) operations; the "
                            + "transcript holds \(scenarios.count) and \(operations)"
                    )
                }
                guard index == lines.count else { throw malformed("text after the end line", line: index + 1) }
                break
            }
            scenarios.append(try scenario(words, number: scenarios.count + 1))
        }
        return Transcript(
            sourceSHA256: sourceSHA256, sourceBytes: sourceBytes, largeValueLimit: largeValueLimit,
            parameters: parameters, scenarios: scenarios, sidecarSHA256: sidecarSHA256, stateOptions: stateOptions
        )
    }

    mutating func scenario(_ words: [Substring], number: Int) throws(TranscriptError) -> Transcript.ScenarioRecord {
        let line = index
        guard words.count == 5, words[0] == "scenario", words[3] == "seed" else {
            throw malformed("expected 'scenario \(number) \"NAME\" seed N' or the end line")
        }
        guard words[1] == Substring(String(number)) else {
            throw malformed("scenario number \(words[1].prefix(20)) where \(number) should be")
        }
        let name = try string(words[2], "the scenario name")
        let seed: UInt64? = try words[4] == "-" ? nil : integer(words[4], "the seed")
        var operations: [Transcript.OperationRecord] = []
        while let next = peek(), next.hasPrefix("op ") {
            let words = try self.next(expecting: "an operation")
            let operationLine = index
            guard words.count == 3, words[1] == Substring(String(operations.count + 1)) else {
                throw malformed("expected 'op \(operations.count + 1) \"NAME\"'")
            }
            let operationName = try string(words[2], "the operation name")
            let outcomeWords = try self.next(expecting: "the outcome of operation \(operations.count + 1)")
            let outcome = try self.outcome(outcomeWords)
            operations.append(.init(name: operationName, outcome: outcome, line: operationLine))
        }
        let close = try next(expecting: "the close line")
        let closeOutcome: Transcript.Outcome
        if close == ["close", "ok"] {
            closeOutcome = .returned("")
        } else if close.count == 3, close[0] == "close", close[1] == "!" {
            closeOutcome = .threw(try string(close[2], "the close error"))
        } else {
            throw malformed("expected 'op \(operations.count + 1) \"NAME\"' or 'close ok' or 'close ! \"ERROR\"'")
        }
        let stateWords = try next(expecting: "the state line")
        let stateLine = index
        guard stateWords.count == 2, stateWords[0] == "state" else { throw malformed("expected 'state HASH'") }
        let stateSHA256 = try sha256(stateWords[1], "the state hash")
        let versionWords = try next(expecting: "the user_version line")
        guard versionWords.count == 2, versionWords[0] == "user_version" else { throw malformed("expected 'user_version N'") }
        let userVersion: Int64 = try integer(versionWords[1], "user_version")
        let schemaWords = try next(expecting: "the schema line")
        guard schemaWords.count == 2, schemaWords[0] == "schema" else { throw malformed("expected 'schema HASH'") }
        let schema = try sha256(schemaWords[1], "the schema hash")
        var detail = stateOptions.map { _ in StateDetail() }
        if detail != nil { detail?.schema = try schemaChanges() }
        var tables: [DatabaseStateDigest.Table] = []
        while let next = peek(), next.hasPrefix("table ") {
            let words = try self.next(expecting: "a table")
            guard words.count == 4 else { throw malformed("expected 'table \"NAME\" ROWS HASH'") }
            let table = DatabaseStateDigest.Table(
                name: try string(words[1], "the table name"), rows: try integer(words[2], "the row count"),
                sha256: try sha256(words[3], "the table hash")
            )
            tables.append(table)
            if let stateOptions, let rows = try tableDetail(rows: table.rows, limit: stateOptions.rowDetailLimit) {
                detail?.tables[table.name] = rows
            }
            if let next = peek(), ["rows ", "rows-omitted ", "row ", "gone "].contains(where: { next.hasPrefix($0) }) {
                _ = try self.next(expecting: "a table")
                throw malformed(
                    stateOptions == nil
                        ? "row detail in a format 2 transcript" : "a row-detail line where a table or the next record should be"
                )
            }
        }
        let state = try DatabaseStateDigest(userVersion: userVersion, schemaSHA256: schema, tables: tables)
        guard state.sha256 == stateSHA256 else {
            throw malformed("the state hash is not the hash of the lines under it (edited by hand?)", line: line)
        }
        return .init(
            name: name, seed: seed, operations: operations, close: closeOutcome, state: state, line: line,
            stateDetail: detail, stateLine: stateLine
        )
    }

    func outcome(_ words: [Substring]) throws(TranscriptError) -> Transcript.Outcome {
        guard let marker = words.first else { throw malformed("expected an outcome") }
        switch marker {
        case "=":
            guard words.count >= 2 else { throw malformed("'=' without a value") }
            // The value is the rest of the line as written (it may hold spaces inside strings).
            let line = lines[index - 1]
            return .returned(String(line.dropFirst(2)))
        case "~":
            guard words.count == 3 else { throw malformed("expected '~ BYTES HASH'") }
            return .returnedLarge(bytes: try integer(words[1], "the value size"), sha256: try sha256(words[2], "the value hash"))
        case "!":
            guard words.count == 2 else { throw malformed("expected '! \"ERROR\"'") }
            return .threw(try string(words[1], "the error"))
        default:
            throw malformed("expected an outcome ('= VALUE', '~ BYTES HASH' or '! \"ERROR\"')")
        }
    }
}
