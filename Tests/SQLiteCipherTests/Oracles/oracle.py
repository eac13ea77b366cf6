"""Test oracle: runs SQL through SQLite3 Multiple Ciphers (apsw-sqlite3mc) or SQLCipher 4 (sqlcipher3).

Reads one JSON request on stdin (keys never travel on the command line):
  {"sessions": [{"lib": "mc" | "sqlcipher", "path": "...", "statements": [STATEMENT, ...]}, ...]}
where a STATEMENT is SQL text, or {"copy": {"from": PATH, "to": PATH, "suffixes": ["", "-wal", ...]}} to copy a
database and its sidecars while the connection is still open (a crash image). Sessions run in order, each on its
own connection, closed at the end of the session.

Writes {"sessions": [[RESULT, ...], ...]} on stdout: per statement, its rows as lists of typed values
({"i": int}, {"r": repr of a float}, {"t": str}, {"b": hex}, null), or {"error": message}, which ends that session.
"""
import json
import os
import shutil
import sys


def encode(value):
    if value is None:
        return None
    if isinstance(value, bool):
        return {"i": int(value)}
    if isinstance(value, int):
        return {"i": value}
    if isinstance(value, float):
        return {"r": repr(value)}  # text: JSON number parsers may round
    if isinstance(value, (bytes, bytearray, memoryview)):
        return {"b": bytes(value).hex()}
    return {"t": str(value)}


def connect(lib, path):
    if lib == "mc":
        import apsw
        return apsw.Connection(path)
    if lib == "sqlcipher":
        import sqlcipher3
        return sqlcipher3.connect(path, isolation_level=None)
    raise ValueError("unknown oracle library " + lib)


def run_sql(connection, lib, sql):
    if lib == "mc":
        rows = list(connection.cursor().execute(sql))
    else:
        rows = connection.execute(sql).fetchall()
    return [[encode(value) for value in row] for row in rows]


def copy(spec):
    for suffix in spec.get("suffixes", [""]):
        source = spec["from"] + suffix
        if os.path.exists(source):
            shutil.copyfile(source, spec["to"] + suffix)


def main():
    request = json.load(sys.stdin)
    output = []
    for session in request["sessions"]:
        results = []
        connection = None
        try:
            connection = connect(session["lib"], session["path"])
            for statement in session["statements"]:
                if isinstance(statement, dict) and "copy" in statement:
                    copy(statement["copy"])
                    results.append([])
                else:
                    results.append(run_sql(connection, session["lib"], statement))
        except Exception as error:  # the test reads the message
            results.append({"error": "%s: %s" % (type(error).__name__, error)})
        finally:
            if connection is not None:
                try:
                    connection.close()
                except Exception:
                    pass
        output.append(results)
    json.dump({"sessions": output}, sys.stdout)


if __name__ == "__main__":
    main()
