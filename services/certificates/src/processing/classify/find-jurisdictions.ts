// Reading the states a certificate covers, three ways:
// - marked states: a tick ("X", "[X]", "✓") right before a state code, as on the SST
//   form's state list or its multistate supplemental;
// - registered states: a state code followed by a registration number, as in the
//   MTC uniform certificate's table (a state whose line is left blank is not covered);
// - named states: "State of Texas", "Texas Comptroller", "Ohio Department of Taxation"…
//   for letters and state forms not in the catalogue.
import { isStateCode, stateCodeForName, stateNamesLongestFirst } from "../us-states.js";
import { findLabelledValue } from "./text-lines.js";

const mark = String.raw`(?:\[\s*[xX✓✔]\s*\]|\(\s*[xX✓✔]\s*\)|[xX✓✔☒☑■])`;
const markedState = new RegExp(String.raw`(?:^|\s)${mark}\s+([A-Z]{2})(?=$|[\s,.;:)-])`, "g");

export function markedStates(lines: readonly string[]): string[] {
  const found: string[] = [];
  for (const line of lines) {
    markedState.lastIndex = 0;
    for (let match = markedState.exec(line); match; match = markedState.exec(line)) {
      if (isStateCode(match[1]!)) found.push(match[1]!);
    }
  }
  return unique(found);
}

/** The single state entered after "the state under whose laws you are claiming exemption". */
export function claimedState(lines: readonly string[]): string[] {
  const found = findLabelledValue(
    lines,
    /state under whose laws (?:you are|the purchaser is) claiming (?:the )?exemption\.?/i,
  );
  const code = found?.value.trim().slice(0, 2).toUpperCase();
  return code && isStateCode(code) && /^[A-Za-z]{2}\b/.test(found!.value.trim()) ? [code] : [];
}

const registrationNumber = /^(?=.*\d)[A-Z0-9][A-Z0-9-]{3,}$/i;
const footnote = /^\d{1,2}(?:,\d{1,2})*$/;

const tableHeader = /registration|seller'?s\s+permit|id\s+number/i;
const zipCode = /^\d{5}(?:-\d{4})?$/;

export function registeredStates(lines: readonly string[]): string[] {
  const found: string[] = [];
  const header = lines.findIndex((line) => tableHeader.test(line));
  for (const line of header >= 0 ? lines.slice(header + 1) : lines) {
    const tokens = line
      .trim()
      .split(/\s+/)
      .map((token) => token.replace(/:$/, ""));
    tokens.forEach((token, index) => {
      if (!isStateCode(token)) return;
      let next = tokens[index + 1];
      if (next !== undefined && footnote.test(next)) next = tokens[index + 2];
      // "NE 68102" in an address is a ZIP code, not a registration.
      if (
        next !== undefined &&
        registrationNumber.test(next) &&
        !isStateCode(next) &&
        !footnote.test(next) &&
        !zipCode.test(next)
      )
        found.push(token);
    });
  }
  return unique(found);
}

const authority =
  "(?:comptroller|department of (?:revenue|taxation|tax and fee administration|finance)|tax commission|division of taxation|revenue (?:department|agency|cabinet))";

export function namedStates(lines: readonly string[]): string[] {
  const text = lines.join("\n");
  const found: string[] = [];
  for (const name of stateNamesLongestFirst) {
    // "Virginia" inside "West Virginia" is not Virginia.
    const haystack = name === "Virginia" ? text.replace(/west\s+virginia/gi, "") : text;
    const escaped = name.replace(/ /g, "\\s+");
    const patterns = [
      new RegExp(String.raw`\bstate of\s+${escaped}\b`, "i"),
      new RegExp(String.raw`\b${escaped}\s+(?:state\s+)?${authority}`, "i"),
      new RegExp(String.raw`\b${escaped}\s+(?:sales|use|sales and use) tax\b`, "i"),
    ];
    const code = stateCodeForName(name);
    if (code && patterns.some((pattern) => pattern.test(haystack))) found.push(code);
  }
  return unique(found);
}

function unique(codes: readonly string[]): string[] {
  return [...new Set(codes)];
}
