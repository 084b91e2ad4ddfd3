export * from "./payment-provider";
