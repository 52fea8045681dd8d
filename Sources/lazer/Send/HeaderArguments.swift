/// `lazer send`'s `-H` / `--header` values, taken out of the command line before ArgumentParser
/// reads it. ArgumentParser appends each repeated option's value to a copy of the array it has
/// so far, so 10,000 `-H` cost 9.3 s (20,000: 36.5 s) before anything was sent; taken out here in
/// one pass, in order, they cost what reading them costs.
///
/// Only the forms ArgumentParser itself reads as a header are taken: `-H VALUE`, `--header VALUE`
/// and `--header=VALUE`, before a `--`; a `-H` with no value after it is left for ArgumentParser
/// to report.
enum HeaderArguments {
    /// `arguments` without the header options, and the header values in order. Only for `send`.
    static func extract(from arguments: [String]) -> (arguments: [String], headers: [String]) {
        guard arguments.first == "send" else { return (arguments, []) }
        var rest: [String] = []
        var headers: [String] = []
        rest.reserveCapacity(arguments.count)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest += arguments[index...]
                break
            }
            if argument == "-H" || argument == "--header", index + 1 < arguments.count {
                headers.append(arguments[index + 1])
                index += 2
                continue
            }
            if argument.hasPrefix("--header=") {
                headers.append(String(argument.dropFirst("--header=".count)))
                index += 1
                continue
            }
            rest.append(argument)
            index += 1
        }
        return (rest, headers)
    }
}
