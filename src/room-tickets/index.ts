export * from "./seat-ticket.ts";
