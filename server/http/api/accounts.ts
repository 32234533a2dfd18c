import express from "express";

/** /api/v1 calls of the accounts area (login, logout, registration, the current user). */
export function createAccountsApiRouter(): express.Router {
  const router = express.Router();
  return router;
}
