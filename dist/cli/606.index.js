export const id = 606;
export const ids = [606];
export const modules = {

/***/ 4606:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   createBedrock: () => (/* binding */ createBedrock)
/* harmony export */ });
/* harmony import */ var _anthropic_ai_bedrock_sdk__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2057);
/* harmony import */ var _aws_sdk_credential_providers__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9719);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3916);
/**
 * Claude through Amazon Bedrock. Loaded only when `provider: bedrock` is chosen: this module and the SDKs it
 * imports are a chunk of their own in the bundle.
 */



/**
 * The standard AWS chain, as the SDK's own default: the environment first (what
 * aws-actions/configure-aws-credentials exports after OIDC sign-in), then profiles, web identity, SSO, the
 * container and instance metadata. Made once and memoized, so the credentials are resolved once, not per request.
 */
function credentialChain() {
    return (0,_aws_sdk_credential_providers__WEBPACK_IMPORTED_MODULE_2__.createCredentialChain)((0,_aws_sdk_credential_providers__WEBPACK_IMPORTED_MODULE_2__.fromEnv)(), (0,_aws_sdk_credential_providers__WEBPACK_IMPORTED_MODULE_2__.fromNodeProviderChain)()).expireAfter(15 * 60_000);
}
/**
 * Resolves the credentials before the first request is signed. The SDK would retry a failed resolution as
 * a connection fault; without credentials no retry helps, so the run ends at once with the line that says so.
 */
function credentialsFirst(chain) {
    let checked;
    return async (request, next) => {
        checked ??= chain().then(() => undefined, (error) => {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ModelAccessError */ .uN(`No AWS credentials were found for Amazon Bedrock (${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .gJ)(error).split('\n')[0]}): sign in ` +
                'with aws-actions/configure-aws-credentials before this step (with `permissions: id-token: write`), ' +
                'or set AWS_BEARER_TOKEN_BEDROCK to a Bedrock API key.');
        });
        await checked;
        return next(request);
    };
}
function createBedrock(target, common) {
    const bearer = target.bearerToken;
    const chain = bearer === undefined ? credentialChain() : undefined;
    const client = new _anthropic_ai_bedrock_sdk__WEBPACK_IMPORTED_MODULE_0__/* .AnthropicBedrock */ .lv({
        awsRegion: target.region,
        // A Bedrock API key, where one is set; `null` makes the client sign with SigV4 instead.
        apiKey: bearer ?? null,
        ...(common.baseUrl ? { baseURL: common.baseUrl } : {}),
        // The version goes into the body, where the provider wants its own.
        defaultHeaders: { 'anthropic-version': 'bedrock-2023-05-31' },
        maxRetries: common.maxRetries,
        timeout: common.timeoutMs,
        fetch: common.fetch,
        ...(chain
            ? { providerChainResolver: () => Promise.resolve(chain), middleware: [credentialsFirst(chain)] }
            : {})
    });
    return client;
}


/***/ })

};
